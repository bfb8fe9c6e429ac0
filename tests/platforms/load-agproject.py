"""Loads an autograder.io project file as autograder-cli's `ag project save`
does (AGConfig.model_validate) and prints what it resolved, as JSON: each
test case's command, expected return code, points and feedback presets, and
the suite's setup. Exit 1 with pydantic's message if it does not load."""
import json
import sys

import yaml
from autograder_cli.config.models import AGConfig

with open(sys.argv[1]) as f:
    config = AGConfig.model_validate(yaml.safe_load(f), context={"read_yaml": True})
project = config.project
out = {
    "name": project.name,
    "student_files": [str(s) for s in project.student_files],
    "instructor_files": [i.name for i in project.instructor_files],
    "suites": [],
}
for suite in project.test_suites:
    out["suites"].append(
        {
            "name": suite.name,
            "setup": suite.setup_suite_cmd,
            "instructor_files_needed": suite.instructor_files_needed,
            "student_files_needed": suite.student_files_needed,
            "cases": [
                {
                    "name": c.name,
                    "cmd": c.cmd,
                    "expected": c.return_code.expected,
                    "points": c.return_code.points,
                    "feedback": [
                        c.feedback.normal,
                        c.feedback.final_graded_submission,
                        c.feedback.past_limit_submission,
                        c.feedback.staff_viewer,
                    ],
                    "time_limit": c.resources.time_limit,
                }
                for c in suite.test_cases
            ],
        }
    )
# Every preset a case names must be one the tool knows.
for suite in out["suites"]:
    for case in suite["cases"]:
        for preset in case["feedback"]:
            if preset not in config.feedback_presets:
                sys.exit(f"unknown feedback preset {preset!r} in {case['name']}")
print(json.dumps(out, indent=1))
