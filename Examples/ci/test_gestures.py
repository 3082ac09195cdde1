"""A pytest suite on Tactile's command line: gestures written as scripts, recognized, and
checked as JSON, or against golden files with tolerances."""
import json
import pathlib
import subprocess

CORPUS = pathlib.Path(__file__).parent / "corpus"


def recognize(tmp_path, script):
    """The gesture lines a script gives, as dictionaries."""
    path = tmp_path / "script.yaml"
    path.write_text(script)
    subprocess.run(["tactile", "synth", str(path), "-o", str(tmp_path / "out.jsonl")], check=True)
    out = subprocess.run(["tactile", "recognize", "--json", str(tmp_path / "out.jsonl")],
                         check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def test_a_three_finger_swipe_left_is_one_swipe(tmp_path):
    lines = recognize(tmp_path, "device: touchpad\nsteps:\n  - swipe: {fingers: 3, direction: left}\n")
    swipes = [l for l in lines if l["gesture"] == "swipe"]
    assert [(s["fingers"], s["direction"]) for s in swipes] == [(3, "left")]


def test_a_pinch_ends_at_its_scale(tmp_path):
    lines = recognize(tmp_path, "device: touchscreen\nsteps:\n  - pinch: {scale: 0.5}\n")
    end = [l for l in lines if l["gesture"] == "pinch" and l["state"] == "ended"][-1]
    assert abs(end["scale"] - 0.5) < 0.01


def test_the_corpus_matches_its_goldens(tmp_path):
    for script in sorted(CORPUS.glob("*.yaml")):
        recording = tmp_path / (script.stem + ".jsonl")
        subprocess.run(["tactile", "synth", str(script), "-o", str(recording)], check=True)
        check = subprocess.run(["tactile", "check", str(recording), str(CORPUS / (script.stem + ".expected.jsonl"))],
                               capture_output=True, text=True)
        assert check.returncode == 0, check.stdout
