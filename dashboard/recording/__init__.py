"""Live recording, as pure functions the Record page draws: where a hand stands, what to offer.

``locate`` derives the recording's position from the archive's log (nothing is kept elsewhere);
``offers`` lists the buttons a position calls for; ``clicks`` turns a click into archive events
or a refusal; ``setup`` turns the set-up form into session tags.
"""
