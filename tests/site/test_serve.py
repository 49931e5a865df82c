"""The local server: quiet when a browser leaves mid-answer, loud for any other failure; the play command
checks its options and port before it builds."""

from __future__ import annotations

import socket
import socketserver
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.support import load_script

serve = load_script("serve")


def _failing(error: type[BaseException]) -> type[socketserver.BaseRequestHandler]:
    class Handler(socketserver.BaseRequestHandler):
        def handle(self) -> None:
            raise error("the browser went away" if error is not ValueError else "a real fault")
    return Handler


@contextmanager
def _one_request(error: type[BaseException]) -> Iterator[None]:
    server = serve.SiteServer((serve.HOST, 0), _failing(error))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with socket.create_connection(server.server_address, timeout=5) as client:
            client.sendall(b"GET / HTTP/1.1\r\n\r\n")
            client.recv(1)  # the server closes the connection once the handler has failed
        yield
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("error", [ConnectionResetError, BrokenPipeError, ConnectionAbortedError])
def test_a_browser_leaving_mid_answer_prints_nothing(error: type[BaseException], capsys: pytest.CaptureFixture[str]) -> None:
    with _one_request(error):
        pass
    assert capsys.readouterr().err == ""


def test_any_other_failure_is_printed_with_its_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    with _one_request(ValueError):
        pass
    err = capsys.readouterr().err
    assert "Traceback" in err and "ValueError: a real fault" in err


def test_the_check_passes_a_free_port_quietly(capsys: pytest.CaptureFixture[str]) -> None:
    assert serve.main(["--check", "--port", "0"]) == 0
    assert capsys.readouterr() == ("", "")


def test_a_busy_port_is_said_in_one_line_before_anything_is_built(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.create_server((serve.HOST, 0)) as taken:
        port = taken.getsockname()[1]
        assert serve.main(["--check", "--port", str(port)]) == 1
        out, err = capsys.readouterr()
        assert out == "" and err == (f"serve.py: error: port {port} is in use (another server?): choose another "
                                     "with --port, or --port 0 for any free one\n")


def test_the_play_command_refuses_a_wrong_option_before_setting_anything_up() -> None:
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(["bash", str(root / "scripts" / "play.sh"), "--prot", "9000"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "serve.py: error: unrecognized arguments: --prot 9000\n"


def test_the_play_commands_help_is_the_servers_and_nothing_is_built() -> None:
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(["bash", str(root / "scripts" / "play.sh"), "--help"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("usage: serve.py") and "--port" in done.stdout and "built site" not in done.stdout
