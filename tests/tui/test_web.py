"""The public site (`arbiter serve`) through Starlette's test client: every page and its JSON, names
escaped, read-only, errors without a trace, each game's own words, and the live-update stream."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from ledger.results import Game, MatchFormat
from projections.publish import Event, StandingLine, Standings
from tests.tui.cli_support import run
from tests.tui.web_support import HOSTILE, chess_swiss, knockout, scrabble
from tui import exit_codes
from tui.web.pages import Page, html, standings_rows
from tui.web.site import create_app
from tui.wiring import open_ledger

PAGES = ("/", "/pairings/1", "/pairings/2", "/standings", "/crosstable", "/players/1", "/audit")


def client_for(location: str) -> Iterator[TestClient]:
    ledger, views = open_ledger(location, "public")
    with TestClient(create_app(views), raise_server_exceptions=False) as client:
        yield client
    views.close()
    ledger.close()


@pytest.fixture
def site(swiss_ledger: str) -> Iterator[TestClient]:
    yield from client_for(swiss_ledger)


@pytest.fixture
def cup(cup_ledger: str) -> Iterator[TestClient]:
    yield from client_for(cup_ledger)


def main_text(html: str) -> str:
    return html[html.index("<main") : html.index("</main>")]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_answers_with_html_and_escaped_names(site: TestClient, path: str) -> None:
    """Every name is escaped for HTML: a name that is a script tag shows as text and never runs."""
    response = site.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert "<script>alert(1)</script>" not in response.text
    assert response.headers["content-security-policy"].startswith("default-src 'self'")


def test_pairings_page_shows_boards_names_ratings_and_results(site: TestClient) -> None:
    text = main_text(site.get("/pairings/1").text)
    assert "<th>White</th>" in text and "<th>Black</th>" in text
    assert "Ann Alder" in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text and HOSTILE[1] in text
    assert '<td class="result">1-0</td>' in text and '<td class="result">1/2</td>' in text
    assert "2200" in text  # ratings


def test_results_of_a_sealed_round_carry_its_chain_head(site: TestClient, swiss_ledger: str) -> None:
    """The seal's chain head, as `arbiter seal` printed it, is on the round's page and on /audit."""
    ledger, views = open_ledger(swiss_ledger)
    head = views.state().rounds[1].chain_head
    assert len(head) == 64
    assert head in site.get("/pairings/1").text
    assert head in site.get("/audit").text
    assert site.get("/api/audit").json()["sealed"][0]["chain_head"] == head
    ledger.close()


def test_standings_show_rank_name_points_and_the_events_tiebreaks(site: TestClient) -> None:
    """C.07: the Swiss default tie-breaks, in order, as columns."""
    text = main_text(site.get("/standings").text)
    headings = [cell.split(">")[-1] for cell in text.split("</abbr>")[:-1]]
    assert headings == ["BH-C1", "BH", "SB", "DE", "WIN"]
    rows = site.get("/api/standings").json()["standings"]
    assert rows["codes"] == ["BH-C1", "BH", "SB", "DE", "WIN"]
    first = rows["lines"][0]
    assert first["place"] == "1" and first["score"] == max(line["score"] for line in rows["lines"])
    assert {line["name"] for line in rows["lines"]} >= set(HOSTILE)


def test_crosstable_and_player_card_follow_the_rounds(site: TestClient) -> None:
    card = site.get("/api/players/1").json()["card"]
    assert card["seat"]["name"] == "Ann Alder"
    assert [game["round"] for game in card["games"]] == [1, 2]
    assert card["games"][0]["result"] == "1" and card["games"][0]["running"] == 1.0
    lines = site.get("/api/crosstable").json()["lines"]
    assert len(lines) == 6 and all(len(line["games"]) == 2 for line in lines)
    assert "Ann Alder" in site.get("/players/1").text


def test_event_page_links_every_round_and_view(site: TestClient) -> None:
    text = site.get("/").text
    for link in ("/pairings/1", "/pairings/2", "/standings", "/crosstable", "/audit"):
        assert f'href="{link}"' in text
    event = site.get("/api/event").json()["event"]
    assert event["name"] == "Autumn Open" and event["systems"] == ["dutch"] and event["total_rounds"] == 5
    assert event["paired_rounds"] == [1, 2] and event["sealed_rounds"] == [1]


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
@pytest.mark.parametrize("path", ["/standings", "/api/standings", "/pairings/1", "/events"])
def test_the_site_is_read_only(site: TestClient, swiss_ledger: str, method: str, path: str) -> None:
    """No way to write: any method but GET and HEAD is refused with 405, and the log does not move."""
    ledger, _ = open_ledger(swiss_ledger)
    before = ledger.position()
    response = site.request(method, path, json={"round": 2, "board": 2, "result": "1-0"})
    assert response.status_code == 405
    assert set(response.headers["allow"].split(", ")) == {"GET", "HEAD"}
    assert ledger.position() == before


@pytest.mark.parametrize("path", ["/nothing", "/pairings/9", "/players/99", "/pairings/x", "/bracket"])
def test_not_found_is_a_page_without_a_trace(site: TestClient, path: str) -> None:
    """A missing page (or a Swiss's bracket) is a 404 that says so, never a traceback."""
    response = site.get(path)
    assert response.status_code == 404
    assert "Traceback" not in response.text and 'File "' not in response.text
    assert "<h1>404 Not found</h1>" in response.text
    api = site.get("/api" + path)
    assert api.status_code == 404 and "error" in api.json()


def test_a_server_error_shows_no_trace(swiss_ledger: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure inside a page is a 500 page with no traceback (the server's log has it)."""
    _, views = open_ledger(swiss_ledger)
    app = create_app(views)
    monkeypatch.setattr(views, "state", lambda: 1 / 0)
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/standings")
    assert response.status_code == 500
    assert "ZeroDivisionError" not in response.text and "Traceback" not in response.text
    assert "Something went wrong" in response.text


def test_pages_are_laid_out_for_phones_and_paper(site: TestClient) -> None:
    html = site.get("/standings").text
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    css = site.get("/static/site.css").text
    assert "@media (max-width: 40em)" in css and "@media print" in css


def test_bracket_is_a_tree_with_match_scores_and_who_advanced(cup: TestClient) -> None:
    """IBF 3.1: round 1 scores beside the names, winners carried on, the virtual player's walkover."""
    text = cup.get("/bracket").text
    assert "<h2>Quarter-finals" in text and "<h2>Semi-finals" in text and "<h2>Final" in text
    assert '<td class="winner">5 [/oops]</td>' in text and '<td class="result">2-5</td>' in text
    assert "(virtual player)" in text
    tree = cup.get("/api/bracket").json()["bracket"]
    final = tree["roots"][0]
    assert final["label"] == "R3.1" and final["top"]["name"] == "Ann"  # won the semi-final 5-1
    semi = final["top_from"]
    assert (semi["top"]["score"], semi["bottom"]["score"]) == ("5", "1") and semi["top"]["advanced"]


def test_backgammon_pages_speak_of_tables_match_scores_and_the_top_line(cup: TestClient) -> None:
    """Rules guide 5.1 (top line, light checkers), 5.13 (game-wins, a gammon counts 2)."""
    text = cup.get("/pairings/1").text
    assert ">Table</th>" in text and "Top (light checkers)" in text and "Match score" in text
    assert "a gammon counts 2" in text and "Crawford rule does not arise" in text
    assert "Match wins" in cup.get("/standings").text


def test_a_points_match_names_the_crawford_rule(tmp_path: Path) -> None:
    for client in client_for(knockout(tmp_path, MatchFormat.POINTS)):
        text = client.get("/pairings/1").text
        assert "Matches to 5 points with the doubling cube; Crawford rule" in text


def test_scrabble_pages_show_scores_spread_and_gibsonized_players(tmp_path: Path) -> None:
    """tsh: wins then spread; Ann has clinched first place with a game left, so she is Gibsonized."""
    for client in client_for(scrabble(tmp_path)):
        pairings = client.get("/pairings/1").text
        assert "<th>First</th>" in pairings and '<td class="result">600-200</td>' in pairings
        assert '<td class="num">+400</td>' in pairings  # the board's spread
        lines = client.get("/api/standings").json()["standings"]["lines"]
        assert (lines[0]["name"], lines[0]["gibsonized"]) == ("Ann", True)
        assert not any(line["gibsonized"] for line in lines[1:])
        standings = client.get("/standings").text
        assert "Spread" in standings and "+600" in standings and 'class="gibson"' in standings


def test_events_stream_a_change_when_the_desk_records_a_result(site: TestClient, swiss_ledger: str) -> None:
    """/events: the position first, then one `change` within a second of a result entered at the desk."""
    desk, views = open_ledger(swiss_ledger, "desk")

    def enter_result() -> None:
        time.sleep(0.3)
        desk.record_result(2, 2, "0-1")

    with site.stream("GET", "/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = stream.iter_lines()
        assert next(lines) == "retry: 1000"
        assert next(lines) == "event: position"
        position = int(next(lines).split(": ")[1])
        threading.Thread(target=enter_result).start()
        started = time.monotonic()
        assert next(lines) == ""
        assert next(lines) == "event: change"
        assert int(next(lines).split(": ")[1]) > position
        assert time.monotonic() - started < 1.5
    views.close()
    desk.close()
    assert json.loads(site.get("/api/pairings/2").text)["round"]["boards"][1]["result"] == "0-1"


class _Cells(HTMLParser):
    """The text of each link on a page, as a browser would show it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self._in_link = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._in_link = True
            self.links.append("")

    def handle_endtag(self, tag: str) -> None:
        self._in_link = self._in_link and tag != "a"

    def handle_data(self, data: str) -> None:
        if self._in_link:
            self.links[-1] += data


@settings(max_examples=60, deadline=2_000)
@given(name=st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=40))
def test_any_name_reaches_the_page_as_text(name: str) -> None:
    """Whatever a name holds (markup, quotes, entities), the page shows exactly it, and no tag of it."""
    event = Event(
        name=name,
        game=Game.CHESS,
        systems=("dutch",),
        total_rounds=5,
        paired_rounds=(1,),
        sealed_rounds=(),
        players=1,
        position=9,
        tiebreaks=(("BH", "Buchholz"),),
        match_length=3,
        match_format=MatchFormat.GAME_WINS,
        elimination=False,
    )
    line = StandingLine(
        place="1", number=1, name=name, rating=2000, score=1.0, tiebreaks=(1.0,), games=1, withdrawn=False
    )
    table = Standings(after_round=1, position=9, codes=("BH",), lines=(line,))
    page = Page(
        "standings.html", f"{name}: standings", {"event": event, "standings": table}, {"rows": standings_rows(table)}
    )
    parser = _Cells()
    parser.feed(html(page))
    assert parser.links[0] == name  # the event's name in the header
    assert parser.links[-1] == name  # the player's name in the table


def test_serve_refuses_a_bad_port_and_a_missing_ledger(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as usage:
        run(capsys, "serve", "--port", "70000")
    assert usage.value.code == exit_codes.USAGE and "not a port number" in capsys.readouterr().err
    code, _, err = run(capsys, "serve", "--ledger", str(tmp_path / "none.ledger"))
    assert code == exit_codes.NO_LEDGER and "there is no ledger" in err


def test_the_site_reads_either_backend(location: str, tmp_path: Path) -> None:
    """SQLite file or PostgreSQL schema: the same pages from the same events."""
    for client in client_for(chess_swiss(tmp_path, location)):
        lines = client.get("/api/standings").json()["standings"]["lines"]
        assert len(lines) == 6 and {line["name"] for line in lines} >= set(HOSTILE)
        assert "Ann Alder" in client.get("/pairings/1").text


def test_the_cli_loads_no_web_stack_until_serve_or_print_runs() -> None:
    """A read command starts in 150 ms (ARCHITECTURE.md, "Performance budget"): Starlette, uvicorn,
    Jinja2 and WeasyPrint are loaded by `serve` and `print` only."""
    code = "import sys, tui.cli.main; print(sorted({m.split('.')[0] for m in sys.modules}))"
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    loaded = set(ast.literal_eval(done.stdout))
    assert not loaded & {"starlette", "uvicorn", "jinja2", "weasyprint"}
