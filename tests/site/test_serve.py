"""The local server: quiet when a browser leaves mid-answer, loud for any other failure."""

from __future__ import annotations

import socket
import socketserver
import threading
from collections.abc import Iterator
from contextlib import contextmanager

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
