"""The Rules switches: known keys per game, values checked, defaults resolved."""

from recorder.house_rules import resolve_rules, rule_problem


def test_known_keys_and_values_pass() -> None:
    assert rule_problem("40", "three-rank", "equal-first") is None
    assert rule_problem("40", "coolies.h10", "6/7") is None
    assert rule_problem("29", "min-bid", "15") is None
    assert rule_problem("28", "auto-penalties", "yes") is None


def test_unknown_key_lists_the_games_keys() -> None:
    message = rule_problem("29", "jodi", "yes")
    assert message is not None
    assert message.startswith("unknown Rules key 'jodi' (keys for 29: retro-trump, last-trick")


def test_key_of_another_game_and_bad_value() -> None:
    assert (
        rule_problem("28", "three-rank", "above-jack")
        == "Rules key 'three-rank' does not apply to 28"
    )
    assert (
        rule_problem("40", "retro-trump", "maybe")
        == "bad value 'maybe' for Rules key 'retro-trump' (expected yes or no)"
    )


def test_resolve_layers_defaults_file_and_overrides() -> None:
    rules = resolve_rules("40", {"three-rank": "above-jack"}, {"retro-trump": "no"})
    assert rules["three-rank"] == "above-jack"
    assert rules["retro-trump"] == "no"
    assert rules["coolies.jodi"] == "5/6"
    assert "last-trick" not in rules
