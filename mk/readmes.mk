# mk/readmes.mk -- every README's code blocks, run as the README says, against the packages.
#
#   make test-readmes   Tests/Readmes/check_readmes.py: every fenced block of every README.md the
#                       project ships is run (C, C++, Python, JavaScript, Go, Java, Rust programs
#                       and errfmt transcripts), each from an empty directory holding a copy of
#                       Examples/, against the installed packages: the relocatable tarball
#                       (ICU=bundled; C, C++, Go and Rust through its pkg-config file and an rpath,
#                       errfmt from its bin/), the wheel in a fresh venv, the npm package installed
#                       into a project of its own, the jar alone on the class path. What each
#                       prints must be the output block the README shows after it. The npm
#                       package's size stated in README.md and docs/packaging.md is checked too.
#
# A block that is not a program is marked, in the README's source, on the line above its fence:
#
#     <!-- readme-test: not-run: the reason, in words -->      not run (an install, a recipe, a listing)
#     <!-- readme-test: output -->                             what the program above prints
#
# Any other block (an unmarked `sh` or plain block) fails the suite, so a new block is either
# run or says why not. A program's output block comes after it, past the not-run blocks (its
# recipe) between them; a program without one fails, printing what it printed.
#
# The packages are the ones make test makes for its own suites (node-package makes the tarball
# with ICU=bundled): listed as prerequisites, they are made once per make run, not again.
# The problem program of README.md needs FastAPI and Flask: they come from the suites' venv
# (mk/problems.mk lists them), after the fresh venv's own packages.

TESTS += test-readmes

.PHONY: test-readmes

READMES_WORK := $(BUILD)/readmes

test-readmes: node-package wheel java-jar
	$(PYTHON) Tests/Readmes/check_readmes.py --work $(READMES_WORK) \
	    --tarball $(DIST)/errorformatter-$(VERSION)-linux-$(ARCH)-icu$(ICU_MAJOR).tar.gz \
	    --wheel $(DIST)/errorformatter-$(VERSION)-py3-none-$(WHEEL_PLAT).whl \
	    --node-package $(BUILD)/node/errorformatter-$(VERSION).tgz \
	    --jar $(BUILD)/java/errorformatter-$(VERSION).jar \
	    --frameworks "$$(echo $(abspath $(BUILD))/venv/lib/python3*/site-packages)"
