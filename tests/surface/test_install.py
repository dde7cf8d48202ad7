"""What ``pip install .`` puts into site-packages: one ``ledgermind`` package, nothing generic."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.support.layout import source_packages
from tests.support.paths import REPO_ROOT as ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(ROOT)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    (built,) = out.glob("ledgermind-*.whl")
    return built


def test_the_wheel_holds_one_top_level_package(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    top = {n.split("/", 1)[0] for n in names if not n.split("/", 1)[0].endswith(".dist-info")}
    assert top == {"ledgermind"}, top
    shipped = {n.removesuffix("/__init__.py") for n in names if n.endswith("/__init__.py")}
    assert shipped == source_packages(), "pyproject's package list and the source folders differ"
    assert "ledgermind/py.typed" in names


def test_the_wheel_carries_the_one_version(wheel: Path) -> None:
    """The wheel's file name and metadata hold ``ledgermind.domain.version``'s
    value (pyproject's version is dynamic, read from that module); LICENSE ships in it."""
    from ledgermind.domain.version import __version__

    assert wheel.name.startswith(f"ledgermind-{__version__}-"), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(f"ledgermind-{__version__}.dist-info/METADATA").decode()
        shipped = archive.namelist()
    assert f"\nVersion: {__version__}\n" in metadata
    assert f"ledgermind-{__version__}.dist-info/licenses/LICENSE" in shipped, "the license is not shipped"


def test_installed_ledgermind_imports_and_engine_does_not(wheel: Path, tmp_path: Path) -> None:
    """Installed into a bare target outside the repository (its dependencies
    come from this environment), ``import ledgermind`` works, ``import engine`` fails."""
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target", str(target), str(wheel)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "import ledgermind, ledgermind.cli, ledgermind.projections.audit, ledgermind.recovery\n"
        "assert ledgermind.__file__.startswith(sys.argv[1]), ledgermind.__file__\n"
        "from ledgermind import MemoryEngine, Owner, OwnerMemory\n"
        "for name in ('engine', 'projections', 'recovery'):\n"
        "    try:\n"
        "        __import__(name)\n"
        "    except ModuleNotFoundError:\n"
        "        continue\n"
        "    raise SystemExit(f'{name} is importable')\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-c", code, str(target)], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert result.returncode == 0, result.stderr
