"""Identifiers cut into words: one split for query tokens and the indexed `words` property."""

from __future__ import annotations

from coderooms.core.words import split_identifier, symbol_words


def test_split_covers_every_naming_style() -> None:
    assert split_identifier("JSONDecoder.raw_decode") == ["json", "decoder", "raw", "decode"]
    assert split_identifier("parse_price_string") == ["parse", "price", "string"]
    assert split_identifier("HTTPServer2Handler") == ["http", "server", "2", "handler"]
    assert split_identifier("__init__") == ["init"]
    assert split_identifier("größeBerechnen") == ["größe", "berechnen"]


def test_symbol_words_hold_owner_and_name_words_once() -> None:
    assert symbol_words("raw_decode", "JSONDecoder.raw_decode") == "json decoder raw decode"
    assert symbol_words("PriceRule", "PriceRule") == "price rule"
    assert symbol_words("decode", "Decoder.decode") == "decoder decode"
    assert symbol_words("config", "") == "config"  # a module: no qualname
