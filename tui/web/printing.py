"""`arbiter print KIND -o FILE`: the public pages as sheets to post or file, as PDF (WeasyPrint) or HTML,
chosen by the file's extension.

- `pairings`: a round's boards with the result column left empty, to post and fill in;
- `results`: the same with the results, and the chain head the round's seal recorded (so a printed
  published result can be checked against the ledger later);
- `standings`, `crosstable`, `bracket` (the tree, with every played match's score);
- `drawsheet`: backgammon's sheet (rules guide 2.2.4): match length, the top line plays the light
  checkers (5.1), with the results entered so far.
"""

from __future__ import annotations

from pathlib import Path

from attrs import evolve
from markupsafe import Markup

from ledger.errors import InvalidInput, RuleViolation
from ledger.results import Game
from projections.publish import NotPublished
from tui.web import Sheet
from tui.web.pages import STATIC, Page, Pages, html

PAGE_CSS = (
    "@page { size: A4; margin: 14mm 12mm; @bottom-right { content: counter(page) ' / ' counter(pages);"
    " font: 8pt 'DejaVu Sans', sans-serif; } }"
)


ROUND_SHEETS = frozenset({Sheet.PAIRINGS, Sheet.RESULTS, Sheet.DRAWSHEET})


def sheet_page(pages: Pages, sheet: Sheet, round_number: int | None = None) -> tuple[Page, dict[str, object]]:
    """The page a sheet prints, and what the template needs besides (`blank_results` for posting)."""
    try:
        if sheet in ROUND_SHEETS:
            return _round_sheet(pages, sheet, round_number)
        page = {Sheet.STANDINGS: pages.standings, Sheet.CROSSTABLE: pages.crosstable, Sheet.BRACKET: pages.bracket}[
            sheet
        ]()
    except NotPublished as missing:
        raise RuleViolation(str(missing)) from missing
    return page, {}


def _round_sheet(pages: Pages, sheet: Sheet, round_number: int | None) -> tuple[Page, dict[str, object]]:
    event = pages.event().data["event"]
    if sheet is Sheet.DRAWSHEET and event.game is not Game.BACKGAMMON:
        raise InvalidInput(f"the drawsheet is backgammon's sheet; for {event.game} print `pairings` or `results`")
    number = round_number or (event.paired_rounds[-1] if event.paired_rounds else 1)
    page = pages.pairings(number)
    titles = {
        Sheet.PAIRINGS: f"{event.name}: round {number} pairings",
        Sheet.RESULTS: f"{event.name}: round {number} results",
        Sheet.DRAWSHEET: f"{event.name}: drawsheet, round {number}",
    }
    extra: dict[str, object] = {"blank_results": sheet is Sheet.PAIRINGS}
    if sheet is Sheet.RESULTS:
        extra["results_sheet"] = True
    return evolve(page, title=titles[sheet]), extra


def sheet_html(pages: Pages, sheet: Sheet, round_number: int | None = None) -> str:
    page, extra = sheet_page(pages, sheet, round_number)
    # The site's own style sheet, not data: marked safe, since a <style> element's text is not unescaped.
    css = Markup(PAGE_CSS + (STATIC / "site.css").read_text(encoding="utf-8"))
    return html(page, printed=True, extra={"print_css": css, **extra})


def write_sheet(pages: Pages, sheet: Sheet, output: Path, round_number: int | None = None) -> None:
    """Write the sheet to `output`: PDF for `.pdf`, HTML for `.html` or `.htm`."""
    suffix = output.suffix.lower()
    if suffix not in (".pdf", ".html", ".htm"):
        raise InvalidInput(f"{output.name}: name a .pdf file for PDF or a .html file for HTML")
    document = sheet_html(pages, sheet, round_number)
    if suffix == ".pdf":
        from weasyprint import HTML  # loaded only to make a PDF (it brings Pango)

        HTML(string=document).write_pdf(output)
    else:
        output.write_text(document, encoding="utf-8")
