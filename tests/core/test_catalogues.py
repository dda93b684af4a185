"""The message catalogues (issue #37 item 1): the shipped ones are complete and current
(every message of the source translated in de and es, none stale, each .mo its .po
compiled), and the check finds each kind of problem in a hand-made catalogue."""
from __future__ import annotations

import gettext

import pytest

from cabinet.core import i18n
from cabinet.core.i18n import catalog
from cabinet.core.i18n.pseudo import PLACEHOLDER, pseudo


def test_the_shipped_catalogues_are_complete_and_current():
    assert catalog.check() == []


def test_every_shipped_language_loads_through_gettext_and_translates_each_message():
    messages, _problems = catalog.extract()
    for lang in catalog.LANGUAGES:
        with catalog.mo_path(lang).open("rb") as f:
            tr = gettext.GNUTranslations(f)
        po = catalog.read_po(catalog.po_path(lang))
        assert all(tr.gettext(m) == po[m][0] != "" for m in messages)


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A source file and empty catalogues in a folder of their own."""
    src = tmp_path / "code.py"
    src.write_text('x = _("Hello")\ny = N_("Bet {amount}")\nz = _(name)\nw = _(f"{v}")\n', encoding="utf-8")
    monkeypatch.setattr(catalog, "assets_root", lambda: tmp_path)
    monkeypatch.setattr(catalog, "source_files", lambda: [src])
    catalog.update()
    return tmp_path


def fill(lang, **pairs):
    po = {k: v for k, (v, _f) in catalog.read_po(catalog.po_path(lang)).items()}
    po.update(pairs)
    messages, _p = catalog.extract()
    catalog.write_po(catalog.po_path(lang), lang, {**messages, **{k: ["gone.py:1"] for k in po if k not in messages}},
                     po)


def test_the_check_names_untranslated_stale_lost_placeholders_and_calls_it_cannot_extract(project):
    found = "\n".join(catalog.check())
    assert "de: untranslated: 'Hello'" in found and "es: untranslated: 'Bet {amount}'" in found
    assert "code.py:3: _() of something other than one literal string" in found
    assert "code.py:4: _() of something other" in found
    fill("de", **{"Hello": "Hallo", "Bet {amount}": "Einsatz {betrag}", "Old": "Alt"})
    found = "\n".join(catalog.check())
    assert "de: untranslated" not in found
    assert "de: the placeholders differ: 'Bet {amount}'" in found
    assert "de: stale (no longer in the source): 'Old'" in found
    assert "de: cabinet.mo is not the compiled .po" in found
    catalog.update()                                    # drops the stale message, compiles the .mo
    found = "\n".join(catalog.check())
    assert "stale" not in found and "de: cabinet.mo" not in found
    with catalog.mo_path("de").open("rb") as f:
        assert gettext.GNUTranslations(f).gettext("Hello") == "Hallo"


def test_the_pseudo_locale_is_accented_40_percent_longer_and_keeps_placeholders():
    for text in ("Balance", "Bet {amount} on {game}", "SPIN"):
        out = pseudo(text)
        plain = PLACEHOLDER.sub("", text)
        assert len(PLACEHOLDER.sub("", out)) >= 1.4 * len(plain)
        assert PLACEHOLDER.findall(out) == PLACEHOLDER.findall(text)
        assert all(ord(c) < 256 for c in out)            # the font's Latin-1 letters only
        assert out != text and out.startswith("[") and out.endswith("]")
    i18n.use(i18n.PSEUDO)
    try:
        assert i18n._("Language").startswith("[Lå")
        assert i18n._("not a message of the source") == "not a message of the source"
    finally:
        i18n.use(i18n.SOURCE)


def test_a_language_without_a_catalogue_is_refused_naming_the_allowed():
    with pytest.raises(ValueError, match="allowed: .*de-DE.*es-ES"):
        i18n.use("fr-FR")


def test_make_i18n_check_passes_on_the_shipped_catalogues_and_names_the_count():
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-m", "cabinet.core.i18n", "check"], cwd=root, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 catalogues (de, es): complete and current" in done.stdout
