"""The public site in a real browser: Debian's Chromium, headless, driven by Playwright (the system
browser, `CHROMIUM` or /usr/bin/chromium; .ci/run installs it). What a person sees: names as written,
results, a phone-sized screen, and a result entered at the desk appearing on open pages without a reload."""

from __future__ import annotations

import os
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from tests.tui.cli_support import run
from tests.tui.web_support import HOSTILE, knockout
from tui import exit_codes
from tui.web.site import create_app
from tui.wiring import open_ledger

playwright = pytest.importorskip("playwright.sync_api")
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if CHROMIUM is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is not installed: .ci/run installs Debian's chromium package")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    with playwright.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serving(location: str) -> Iterator[str]:
    """`arbiter serve` on a free port of 127.0.0.1, in a thread; yields the site's address."""
    ledger, views = open_ledger(location, "public")
    port = _free_port()
    config = uvicorn.Config(
        create_app(views), host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            pytest.fail("the server did not start")
        threading.Event().wait(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
    views.close()
    ledger.close()


@pytest.fixture
def site(swiss_ledger: str) -> Iterator[str]:
    yield from serving(swiss_ledger)


def test_a_person_sees_names_as_written_and_the_results(browser: object, site: str) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(f"{site}/standings")
    shown = page.inner_text("main")
    assert "Ann Alder" in shown and HOSTILE[0] in shown and HOSTILE[1] in shown
    assert dialogs == []  # the name that is a script tag was shown, never run
    page.goto(f"{site}/pairings/1")
    cells = page.locator("table.pairings tbody tr").first.locator("td").all_inner_texts()
    assert cells[2] == "Ann Alder" and cells[4] == "1-0" and cells[6] == HOSTILE[1]
    assert "chain head" in page.inner_text("p.seal")
    page.close()


def test_a_result_entered_at_the_desk_appears_without_a_reload(
    browser: object, site: str, swiss_ledger: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Within a second or so of `arbiter result`, the open pairings and standings pages show it."""
    pairings = browser.new_page()  # type: ignore[attr-defined]
    pairings.goto(f"{site}/pairings/2")
    standings = browser.new_page()  # type: ignore[attr-defined]
    standings.goto(f"{site}/standings")
    for page in (pairings, standings):
        page.evaluate("window.stayed = true")  # gone if the page were reloaded
        page.wait_for_timeout(300)  # the event stream is open
    board_2 = pairings.locator("table.pairings tbody tr").nth(1)
    white = board_2.locator("td").nth(2).inner_text()
    before = standings.locator("table.standings tbody tr", has_text=white).locator("td.score").inner_text()
    assert board_2.locator("td.result").inner_text() == "\N{EN DASH}"  # no result yet
    assert run(capsys, "result", "2", "2", "1-0", "--ledger", swiss_ledger)[0] == exit_codes.OK
    playwright.expect(board_2.locator("td.result")).to_have_text("1-0", timeout=3000)
    row = standings.locator("table.standings tbody tr", has_text=white).locator("td.score")
    playwright.expect(row).to_have_text(f"{float(before) + 1:g}", timeout=3000)
    assert pairings.evaluate("window.stayed") and standings.evaluate("window.stayed")
    pairings.close()
    standings.close()


def test_pages_fit_a_phone_screen(browser: object, site: str) -> None:
    """On a 390-pixel-wide phone the page itself does not scroll sideways (wide tables scroll inside)."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)  # type: ignore[attr-defined]
    page = phone.new_page()
    for path in ("/", "/pairings/1", "/standings", "/crosstable", "/players/1", "/audit"):
        page.goto(f"{site}{path}")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), path
    phone.close()


def test_the_bracket_shows_scores_and_who_advanced(browser: object, tmp_path: Path) -> None:
    for site in serving(knockout(tmp_path)):
        page = browser.new_page()  # type: ignore[attr-defined]
        page.goto(f"{site}/bracket")
        tree = page.inner_text("pre.tree")
        assert "Final (R3.1, round 3)" in tree and "├─" in tree and "5 [/oops]" in tree
        winners = page.locator("td.winner").all_inner_texts()
        assert "5 [/oops]" in winners and "1 Ann" in winners
        page.close()
