"""Offline support in the build: the service worker's precache list and version, the web app
manifest and its icons (no browser; the e2e test e2e/test_offline.py covers the running worker)."""

from __future__ import annotations

import json
import math
import os
import re
import struct
import zlib
from pathlib import Path

import pytest
from tests.support import load_script

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"




build_site = load_script("build_site")
make_icons = load_script("make_icons")


def _build_of(sw_js: str) -> dict:
    match = re.search(r"^const BUILD = (\{.*\});", sw_js, re.MULTILINE)
    assert match is not None, "no BUILD line in sw.js"
    return json.loads(match.group(1))


def _fake_site(root: Path, extra: str = "") -> Path:
    files = {
        "index.html": "<!doctype html>" + extra,
        "main.py": "print('hi')",
        "config.json": "{}",
        "pyodide/pyodide.asm.wasm": "\0asm",
        "pyscript/core.js": "export {}",
        "wheels/0123456789abcdef/toledo-0.1.0-py3-none-any.whl": "PK",
        "static/icons/icon-192.png": "png",
        "manifest.webmanifest": "{}",
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_precache_list_covers_every_site_file_but_the_worker(tmp_path: Path) -> None:
    site = _fake_site(tmp_path / "site")
    build = build_site.write_service_worker(site, WEB / "sw.js")
    every = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert "sw.js" in every
    assert build["files"] == [name for name in every if name != "sw.js" and not build_site.for_the_page_not(name)]
    written = _build_of((site / "sw.js").read_text())
    assert written == build
    assert all(not name.startswith(("/", ".")) and "://" not in name for name in build["files"])  # relative


def test_version_follows_the_content(tmp_path: Path) -> None:
    first = build_site.write_service_worker(_fake_site(tmp_path / "a"), WEB / "sw.js")
    same = build_site.write_service_worker(_fake_site(tmp_path / "b"), WEB / "sw.js")
    changed = build_site.write_service_worker(_fake_site(tmp_path / "c", extra="<p>new"), WEB / "sw.js")
    assert first["version"] == same["version"]
    assert changed["version"] != first["version"]
    assert re.fullmatch(r"[0-9a-f]{16}", first["version"])
    # Rebuilding in place (sw.js already there) gives the same list and version.
    again = build_site.write_service_worker(tmp_path / "a", WEB / "sw.js")
    assert again == first
    # A renamed file changes the version too.
    (tmp_path / "b" / "main.py").rename(tmp_path / "b" / "main2.py")
    assert build_site.write_service_worker(tmp_path / "b", WEB / "sw.js")["version"] != first["version"]


def test_the_worker_source_changes_with_the_build(tmp_path: Path) -> None:
    """Browsers look for updates by comparing sw.js byte for byte: a new build must change it."""
    build_site.write_service_worker(_fake_site(tmp_path / "a"), WEB / "sw.js")
    build_site.write_service_worker(_fake_site(tmp_path / "b", extra="x"), WEB / "sw.js")
    assert (tmp_path / "a" / "sw.js").read_text() != (tmp_path / "b" / "sw.js").read_text()


def test_template_must_have_one_build_line(tmp_path: Path) -> None:
    template = WEB / "sw.js"
    assert len(build_site.SW_BUILD_LINE.findall(template.read_text())) == 1
    assert _build_of(template.read_text()) == {"version": "dev", "files": []}
    bad = tmp_path / "sw.js"
    bad.write_text("self.addEventListener('fetch', () => {});\n")
    with pytest.raises(build_site.BuildError, match="exactly one line"):
        build_site.write_service_worker(_fake_site(tmp_path / "site"), bad)
    with pytest.raises(build_site.BuildError, match="missing"):
        build_site.write_service_worker(tmp_path / "site", tmp_path / "none.js")


def test_copy_web_brings_the_manifest(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    build_site.copy_web(WEB, site)
    assert json.loads((site / "manifest.webmanifest").read_text())["name"] == "Toledo"
    assert (site / "static" / "register-sw.js").is_file()
    assert (site / "static" / "icons" / "icon-512.png").is_file()


def test_built_site_worker_lists_the_built_site() -> None:
    site = Path(os.environ.get("TOLEDO_SITE_DIR") or ROOT / "site")  # as in e2e/: a site built elsewhere
    if not (site / "sw.js").is_file():
        pytest.skip("site/ not built with a service worker")
    if not (site / "boot" / "pyodide-boot.mjs").is_file():
        pytest.skip("site/ was built by an older build script: rebuild it")
    build = _build_of((site / "sw.js").read_text())
    files = build_site.precache_files(site)
    assert build["files"] == files
    assert build["version"] == build_site.build_version(site, files)
    assert {"index.html", "main.py", "config.json", "pyodide/pyodide.asm.wasm",
            "pyscript/core.js", "boot/pyodide-boot.mjs"} <= set(files)
    assert "pyodide/python_stdlib.zip" not in files  # the page loads the build's trimmed archive
    boot = json.loads(re.search(r"^const BOOT = (\{.*\});", (site / "boot" / "pyodide-boot.mjs").read_text(),
                                re.MULTILINE).group(1))
    assert {url.removeprefix("./") for url in (boot["wheel"], boot["app"], boot["snapshot"], boot["stdlib"])
            if url} <= set(files)


def _png_size(path: Path) -> tuple[int, int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height, depth, colour_type = struct.unpack(">IIBB", data[16:26])
    assert depth == 8
    return width, height, colour_type


def test_manifest_makes_the_game_installable() -> None:
    manifest = json.loads((WEB / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Toledo" and manifest["short_name"]
    assert manifest["start_url"] == "." and manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    sizes = {}
    for icon in manifest["icons"]:
        path = WEB / icon["src"]
        width, height, colour_type = _png_size(path)
        assert f"{width}x{height}" == icon["sizes"] and icon["type"] == "image/png"
        sizes.setdefault(icon["purpose"], set()).add(width)
    assert sizes == {"any": {192, 512}, "maskable": {192, 512}}


def test_png_writer_round_trips() -> None:
    rows = [bytes([40 * y, 80, 7, 255, 1, 2, 3, 4]) for y in range(3)]  # 2 x 3 pixels
    data = make_icons.png_bytes(2, 3, rows)
    assert struct.unpack(">II", data[16:24]) == (2, 3)
    idat_len = struct.unpack(">I", data[33:37])[0]
    raw = zlib.decompress(data[41:41 + idat_len])
    assert raw == b"".join(b"\0" + row for row in rows)


def test_icon_emblem_stays_in_the_maskable_safe_zone() -> None:
    """Outside the central circle of 40 % radius only the background shows, so any mask shape works."""
    steps = 60
    for i in range(steps):
        for j in range(steps):
            u, v = (i + 0.5) / steps, (j + 0.5) / steps
            if math.hypot(u - 0.5, v - 0.5) > 0.4:
                assert make_icons.emblem(u, v) == make_icons.BACKGROUND, (u, v)
    assert make_icons.emblem(0.5, 0.5) != make_icons.BACKGROUND


def test_registration_waits_for_the_page_and_never_throws() -> None:
    script = (WEB / "static" / "register-sw.js").read_text()
    assert 'new URL("../sw.js", import.meta.url)' in script
    assert '"load"' in script and "data-ready" in script or "dataset.ready" in script
    assert "catch" in script and "console.error" not in script
