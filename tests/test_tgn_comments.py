"""Where comments attach when read, and that they are written back where they were."""

from __future__ import annotations

from recorder.tgn import dumps, loads

SESSION = '[Game "40"]\n[Players "A, B, C, D, E, F"]\n'
HAND = '\n[Hand "1"]\n[Dealer "6"]\n'


def test_brace_comments_go_to_the_token_before_them() -> None:
    body = (
        "deal 1: JS {first} - {unseen}\n"
        "bid 1:20 {opening} 2:pass\n"
        "trump 9H {face down}\n"
        "1. {lead} 1:JS 2:ask {late} TC! {clever} *\n"
    )
    text = SESSION + HAND + body
    hand = loads(text).hands[0]
    assert [card.comments for card in hand.deals[0].cards] == [["first"], ["unseen"]]
    assert [bid.comments for bid in hand.bids] == [["opening"], []]
    assert hand.trump is not None and hand.trump.comments == ["face down"]
    trick = hand.tricks[0]
    assert trick.comments == ["lead"] and trick.star
    asked = trick.turns[1]
    assert asked.actions[0].comments == ["late"] and asked.comments == ["clever"]
    assert dumps(loads(text)) == text


def test_semicolon_comments_stand_before_lines_or_end_them() -> None:
    text = (
        "; about the session\n"
        '[Game "40"] ; forty\n'
        '[Players "A, B, C, D, E, F"]\n'
        "\n"
        "; the first hand\n"
        '[Hand "1"]\n'
        '[Dealer "6"]\n'
        "; the calling\n"
        "bid 1:20 ; brave\n"
        "1. 1:JS\n"
        "; all over\n"
    )
    record = loads(text)
    game = record.tag("Game")
    assert game is not None and (game.before, game.remark) == (["about the session"], "forty")
    hand = record.hands[0]
    assert hand.tags[0].before == ["the first hand"]
    assert hand.bidding is not None
    assert (hand.bidding.before, hand.bidding.remark) == (["the calling"], "brave")
    assert hand.after == ["all over"]
    assert dumps(record) == text


def test_comments_after_the_tags_of_a_file_without_hands_belong_to_the_record() -> None:
    text = SESSION + "; nothing was played\n;\n"
    record = loads(text)
    assert record.after == ["nothing was played", ""]
    assert dumps(record) == text


def test_several_bid_lines_join_their_comments() -> None:
    body = "; before one\nbid 1:20 ; one\n; before two\nbid 2:22 ; two\n"
    hand = loads(SESSION + HAND + body).hands[0]
    assert hand.bidding is not None
    assert hand.bidding.before == ["before one", "before two"]
    assert hand.bidding.remark == "one ; two"
    assert dumps(loads(SESSION + HAND + body)).endswith(
        "; before one\n; before two\nbid 1:20 2:22 ; one ; two\n"
    )


def test_a_brace_comment_on_a_line_of_its_own_stands_before_the_next_line() -> None:
    body = "{a note\n  on two lines}\n{another} 1. 1:JS\n"
    record = loads(SESSION + HAND + body)
    assert record.hands[0].tricks[0].before == ["a note on two lines", "another"]
    assert dumps(record).endswith("; a note on two lines\n; another\n1. 1:JS\n")


def test_a_brace_comment_with_no_token_to_carry_it_joins_the_remark() -> None:
    body = "trump {hidden} 9H ; seen later\npair {proudly} 3\ndeal 2: {from behind} JC\n"
    session = SESSION.replace('"40"', '"29"').replace(", E, F", "")
    hand = loads(session + HAND.replace("6", "4") + body).hands[0]
    assert hand.trump is not None and hand.trump.remark == "hidden ; seen later"
    assert hand.pairs[0].remark == "proudly"
    assert hand.deals[0].remark == "from behind"


def test_a_comment_after_a_tag_joins_its_remark() -> None:
    record = loads('[Game "40"] {the game} ; of forty\n[Players "A, B, C, D, E, F"]\n')
    game = record.tag("Game")
    assert game is not None and game.remark == "the game ; of forty"


def test_a_multi_line_brace_comment_on_a_card_keeps_its_lines() -> None:
    text = SESSION + HAND + "1. 1:JS {led with\nthe jack} 2:KH\n2. 3:AS\n"
    hand = loads(text).hands[0]
    assert hand.tricks[0].turns[0].comments == ["led with\nthe jack"]
    assert (hand.tricks[0].turns[1].line, hand.tricks[0].turns[1].column) == (7, 13)
    assert (hand.tricks[1].line, hand.tricks[1].number) == (8, 2)
    assert dumps(loads(text)) == text


def test_comment_text_is_trimmed_and_written_with_one_space() -> None:
    text = SESSION + HAND + "1. 1:JS {  wide  }   ;tight\n;\n"
    assert dumps(loads(text)).endswith("1. 1:JS {wide} ; tight\n;\n")


def test_a_comment_after_the_star_goes_to_the_last_turn() -> None:
    text = SESSION + HAND + "1. 1:JS 2:KH * {claimed the rest}\n"
    hand = loads(text).hands[0]
    assert hand.tricks[0].turns[-1].comments == ["claimed the rest"]
    assert dumps(loads(text)).endswith("1. 1:JS 2:KH {claimed the rest} *\n")
