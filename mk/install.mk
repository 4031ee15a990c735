# mk/install.mk -- installing the C library, its header, the CLI, pkg-config and CMake files.
#
#   make install     [PREFIX=/usr/local] [LIBDIR=...] [INCLUDEDIR=...] [BINDIR=...]
#                    [PKGCONFIGDIR=...] [CMAKEDIR=...] [DESTDIR=staging root]
#   make uninstall   the same variables: removes exactly what install put there
#   make test-install  installs into a temporary prefix and builds and runs a C program against
#                      it through pkg-config and through CMake, with no Swift toolchain on any path
#
# Included by the top Makefile after its variables (PREFIX, DESTDIR, BUILD, LIBNAME, VERSION,
# SOMAJOR, CC).

ifndef LIBNAME
$(error mk/install.mk needs the top Makefile's variables: run make from the project root)
endif

TESTS += test-install
# check_install.sh builds a consumer with CMake as well as with pkg-config.
APT_PACKAGES += cmake

.PHONY: install uninstall test-install

# Debian and Ubuntu put libraries in lib/<multiarch triplet> (lib/x86_64-linux-gnu), and their
# ld.so.conf lists /usr/local/lib/<triplet> too; the compiler knows the triplet
# (`gcc -print-multiarch`, empty on distributions without multiarch, where lib/ is right).
# Fedora-style lib64 systems pass LIBDIR=$(PREFIX)/lib64.
MULTIARCH    ?= $(shell $(CC) -print-multiarch 2>/dev/null || dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null)
LIBDIR       ?= $(PREFIX)/lib$(if $(strip $(MULTIARCH)),/$(strip $(MULTIARCH)))
INCLUDEDIR   ?= $(PREFIX)/include
BINDIR       ?= $(PREFIX)/bin
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR     ?= $(LIBDIR)/cmake/ErrorFormatter

# $(call ef_under_prefix,DIR,PREFIX): DIR spelled ${prefix}/... when it lies under PREFIX (what
# pkg-config users expect, and what lets `pkg-config --define-prefix` relocate it).
ef_under_prefix = $(if $(filter $(2)/%,$(1)),$${prefix}$(patsubst $(2)%,%,$(1)),$(1))

# $(call ef_pc,PREFIX,LIBDIR,INCLUDEDIR) > file: the pkg-config file for an installed layout.
ef_pc = sed -e 's|@PREFIX@|$(1)|' -e 's|@LIBDIR@|$(call ef_under_prefix,$(2),$(1))|' \
            -e 's|@INCLUDEDIR@|$(call ef_under_prefix,$(3),$(1))|' -e 's|@VERSION@|$(VERSION)|' \
            errorformatter.pc.in

# $(call ef_cmake,TEMPLATE,CMAKEDIR,LIBDIR,INCLUDEDIR) > file: a CMake file whose paths are
# relative to CMAKEDIR (realpath -m works on directories that do not exist yet).
ef_cmake = sed -e "s|@CMAKE_TO_LIBDIR@|$$(realpath -m --relative-to='$(2)' '$(3)')|" \
               -e "s|@CMAKE_TO_INCLUDEDIR@|$$(realpath -m --relative-to='$(2)' '$(4)')|" \
               -e 's|@VERSION@|$(VERSION)|' -e 's|@SOMAJOR@|$(SOMAJOR)|' $(1)

EF_CMAKE_TEMPLATES := packaging/cmake/ErrorFormatterConfig.cmake.in \
                      packaging/cmake/ErrorFormatterConfigVersion.cmake.in

# The build tree is itself a prefix (build/lib, build/include): PKG_CONFIG_PATH=build/lib/pkgconfig
# or CMAKE_PREFIX_PATH=build finds it. Its include directory holds what an install's does, the C++
# binding's header beside the C one, so that the pkg-config line of a C++ program finds both.
all: $(BUILD)/include/errorformatter.hpp

$(BUILD)/include/errorformatter.hpp: bindings/cpp/errorformatter.hpp
	mkdir -p $(BUILD)/include
	cp $< $@

$(BUILD)/lib/pkgconfig/errorformatter.pc: errorformatter.pc.in mk/install.mk
	mkdir -p $(dir $@)
	$(call ef_pc,$(abspath $(BUILD)),$(abspath $(BUILD))/lib,$(abspath $(BUILD))/include) > $@

$(BUILD)/lib/cmake/ErrorFormatter/%.cmake: packaging/cmake/%.cmake.in mk/install.mk
	mkdir -p $(dir $@)
	$(call ef_cmake,$<,$(abspath $(BUILD))/lib/cmake/ErrorFormatter,$(abspath $(BUILD))/lib,$(abspath $(BUILD))/include) > $@

all: $(BUILD)/lib/cmake/ErrorFormatter/ErrorFormatterConfig.cmake \
     $(BUILD)/lib/cmake/ErrorFormatter/ErrorFormatterConfigVersion.cmake

# The generated files are written to the staging area first, then installed with the rest, so
# a failed sed never leaves half a file in the prefix.
EF_INSTALL_STAGE := $(BUILD)/install-files

# A system install links the distribution's ICU and never copies it: ICU=bundled is for
# `make tarball` (mk/wheel.mk), which calls this with ICU=system and adds ICU itself.
install: all
	@if [ "$(ICU)" = bundled ]; then \
	    echo "make install: ICU=bundled is for make tarball; an install uses the system's ICU"; exit 1; fi
	rm -rf $(EF_INSTALL_STAGE) && mkdir -p $(EF_INSTALL_STAGE)
	$(call ef_pc,$(PREFIX),$(LIBDIR),$(INCLUDEDIR)) > $(EF_INSTALL_STAGE)/errorformatter.pc
	$(call ef_cmake,packaging/cmake/ErrorFormatterConfig.cmake.in,$(CMAKEDIR),$(LIBDIR),$(INCLUDEDIR)) \
	    > $(EF_INSTALL_STAGE)/ErrorFormatterConfig.cmake
	$(call ef_cmake,packaging/cmake/ErrorFormatterConfigVersion.cmake.in,$(CMAKEDIR),$(LIBDIR),$(INCLUDEDIR)) \
	    > $(EF_INSTALL_STAGE)/ErrorFormatterConfigVersion.cmake
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(BINDIR) \
	           $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(CMAKEDIR)
	install -m 755 $(BUILD)/lib/$(LIBNAME).$(VERSION) $(DESTDIR)$(LIBDIR)/
	ln -sf $(LIBNAME).$(VERSION) $(DESTDIR)$(LIBDIR)/$(LIBNAME).$(SOMAJOR)
	ln -sf $(LIBNAME).$(SOMAJOR) $(DESTDIR)$(LIBDIR)/$(LIBNAME)
	install -m 644 include/errorformatter.h $(DESTDIR)$(INCLUDEDIR)/
	install -m 644 bindings/cpp/errorformatter.hpp $(DESTDIR)$(INCLUDEDIR)/
	install -m 755 $(BUILD)/bin/errfmt $(DESTDIR)$(BINDIR)/
	install -m 644 $(EF_INSTALL_STAGE)/errorformatter.pc $(DESTDIR)$(PKGCONFIGDIR)/
	install -m 644 $(EF_INSTALL_STAGE)/ErrorFormatterConfig.cmake \
	               $(EF_INSTALL_STAGE)/ErrorFormatterConfigVersion.cmake $(DESTDIR)$(CMAKEDIR)/
	@echo "installed into $(DESTDIR)$(PREFIX) (libraries in $(LIBDIR));" \
	      "run ldconfig if that is a system directory"

# Directories are removed only when empty: they may be shared with other packages.
uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/$(LIBNAME) $(DESTDIR)$(LIBDIR)/$(LIBNAME).$(SOMAJOR) \
	      $(DESTDIR)$(LIBDIR)/$(LIBNAME).$(VERSION) $(DESTDIR)$(INCLUDEDIR)/errorformatter.h $(DESTDIR)$(INCLUDEDIR)/errorformatter.hpp \
	      $(DESTDIR)$(BINDIR)/errfmt $(DESTDIR)$(PKGCONFIGDIR)/errorformatter.pc \
	      $(DESTDIR)$(CMAKEDIR)/ErrorFormatterConfig.cmake \
	      $(DESTDIR)$(CMAKEDIR)/ErrorFormatterConfigVersion.cmake
	-rmdir $(DESTDIR)$(CMAKEDIR) 2>/dev/null || true

# The C demo (mk/bindings.mk) reads the cross-binding cases when the bindings define them
# (DEMO_CASES), else the example catalog; the packaging tests give it the same input.
PACKAGING_DEMO_INPUT = $(abspath $(or $(DEMO_CASES),$(EXAMPLE)))
PACKAGING_EXPECTED   = $(BUILD)/examples/packaging-demo-expected.txt

# The expected output is the in-tree C demo's: the installed copy, found through pkg-config or
# CMake, must print the same records.
test-install: all $(BUILD)/examples/demo
	$(BUILD)/examples/demo $(PACKAGING_DEMO_INPUT) > $(PACKAGING_EXPECTED) 2>/dev/null
	MAKE="$(MAKE)" CC="$(CC)" sh Tests/install/check_install.sh $(PACKAGING_DEMO_INPUT) \
	    $(abspath $(EXAMPLE)) $(abspath $(PACKAGING_EXPECTED)) "$(strip $(MULTIARCH))"
