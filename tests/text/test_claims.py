"""The conservative non-claim rule: what may be skipped, and what must always be judged."""

from __future__ import annotations

import pytest

from grounding_guard.text.claims import is_non_claim

NON_CLAIMS = [
    # greetings, thanks, small talk, sign-offs
    "Hi!",
    "Hello there.",
    "Hey Sam!",
    "Good morning everyone!",
    "Thanks for asking!",
    "Thank you so much for your patience.",
    "Many thanks!",
    "Great question!",
    "That's a great question.",
    "What a good question!",
    "Sure!",
    "Certainly.",
    "Of course!",
    "Sure, I can help with that.",
    "I'd be happy to help!",
    "You\u2019re welcome!",
    "I hope this helps!",
    "Hope this helps.",
    "I hope this helps \U0001f60a",
    "Let me know if you have any other questions.",
    "Let me know if you need further assistance.",
    "Feel free to ask if anything is unclear.",
    "Feel free to reach out with more questions!",
    "Best regards,",
    "Have a great day!",
    "**Great question!**",
    "Hi\u200b!",
    # questions
    "What is the warranty period?",
    "Does it ship to Canada\uff1f",
    "Would you like more detail? ",
    "(Why does this matter?)",
    # short organising lines ending with a colon
    "There are three cases:",
    "Here is a summary:",
    "In short:",
    "Pros:",
    "The key points are as follows:",
    "Key findings:",
    # nothing to assert
    "\u2014",
    "...",
    "***",
]

CLAIMS = [
    # hedged claims are claims
    "I think the warranty is five years.",
    "It seems the battery lasts 14 hours.",
    "I believe the device is waterproof.",
    "Perhaps the refund takes a week.",
    # anything with a digit
    "Is the warranty 5 years?",
    "There are 3 cases:",
    "Thanks to the 2023 update, the battery lasts longer.",
    "Hi 5 times a day.",
    # greetings or thanks followed by a statement
    "Hi, the battery lasts fourteen hours.",
    "Thanks to its new cell, the battery lasts longer.",
    "Sure, the device is waterproof.",
    "Hello world is the first program most people write.",
    "Great question, and the answer is that the device is waterproof.",
    # tag questions assert their first half
    "The warranty is five years, isn't it?",
    "The battery lasts all day, right?",
    # a long organising line is not short
    "The warranty covers accidental damage and theft in every country we sell to:",
    "Battery life is excellent:",
    # answers that assert
    "Yes.",
    "No.",
    "Absolutely.",
    # plain claims
    "The battery lasts fourteen hours.",
    "Refunds are processed within a week.",
    "Let me explain: the warranty excludes water damage.",
    "Let me know if the warranty covers theft.",
    "Feel the texture of the fabric; it is cotton.",
    # a very long question may hide claims
    "Given that the battery lasts fourteen hours and the warranty covers accidental damage "
    "for five years in every region where the product is sold, and that refunds are processed "
    "within a week of the return arriving at the warehouse, and that the device is waterproof "
    "to fifty metres according to the manufacturer, why would anyone choose the older model "
    "when the newer one is cheaper and better in every respect that matters to most buyers?",
]


@pytest.mark.parametrize("text", NON_CLAIMS)
def test_non_claims_are_skipped(text: str) -> None:
    assert is_non_claim(text)


@pytest.mark.parametrize("text", CLAIMS)
def test_claims_are_never_skipped(text: str) -> None:
    assert not is_non_claim(text)
