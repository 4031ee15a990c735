# mk/java.mk -- the Java binding (bindings/java: org.errorformatter over JNI).
#
#   make java-jar        build/java/errorformatter-<version>.jar: the classes and, under
#                        /native/<os>-<arch>/, the JNI glue with liberrorformatter and its ICU
#                        (the lib/ of `make tarball ICU=bundled`), loaded from the jar at run time
#   make test-java       javadoc -Xdoclint:all (no warning allowed), then the JUnit 4 tests
#                        against build/lib under -Xcheck:jni (last line "N passed, N failed")
#   make test-java-jar   a program in a clean directory, with only the jar on its class path and
#                        the system's ICU hidden where possible, formats and shows that the
#                        native code it runs is the jar's; every ELF file in the jar within
#                        manylinux_2_28's floor (GLIBC_2.28)
#   make demo-java       the cross-binding demo (Examples/java/Demo.java)
#
# Plain javac, jar and javadoc (JDK 17), no build tool: nothing is downloaded. JUnit 4 is
# Debian's (junit4). Without a JDK the targets say so and succeed, as test-rust does without cargo.

ifndef LIBNAME
$(error mk/java.mk needs the top Makefile's variables: run make from the project root)
endif

APT_PACKAGES += default-jdk-headless junit4

JAVAC    ?= javac
JAVA     ?= java
JAR      ?= jar
JAVADOC  ?= javadoc
# The JDK's own headers (jni.h), found from javac.
JAVA_HOME_DIR := $(shell dirname "$$(dirname "$$(readlink -f "$$(command -v $(JAVAC))")")" 2>/dev/null)
JAVA_FOUND    := $(if $(wildcard $(JAVA_HOME_DIR)/include/jni.h),yes)
JUNIT_CLASSPATH := /usr/share/java/junit4.jar:/usr/share/java/hamcrest.jar
JUNIT_FOUND     := $(wildcard /usr/share/java/junit4.jar)

JAVA_ROOT          := bindings/java
JAVA_SOURCES       := $(wildcard $(JAVA_ROOT)/src/main/java/org/errorformatter/*.java)
JAVA_TEST_SOURCES  := $(wildcard $(JAVA_ROOT)/src/test/java/org/errorformatter/*.java)
JAVA_JNI_SOURCE    := $(JAVA_ROOT)/src/main/c/errorformatter_jni.c
# The grow-and-retry call of the packed functions, shared with the Node.js addon.
JAVA_JNI_INCLUDES  := bindings/common/packed_call.h
JAVA_BUILD         := $(BUILD)/java
JAVA_CLASSES       := $(JAVA_BUILD)/classes
JAVA_TEST_CLASSES  := $(JAVA_BUILD)/test-classes
# javac -h writes the JNI header of Native's methods and of Packed's constants: the C file
# includes them, so a signature that differs between the two, or a position that differs from
# the header's macro, fails the build.
JAVA_JNI_HEADERS   := $(JAVA_BUILD)/jni-headers
JAVA_PLATFORM      := $(shell uname -s | tr A-Z a-z)-$(shell uname -m)
JAVA_JAR           := $(JAVA_BUILD)/errorformatter-$(VERSION).jar
JAVA_JAR_NATIVE    := $(JAVA_BUILD)/jar-native/native/$(JAVA_PLATFORM)
# The glue for the tests and the demo: linked against build/lib, loaded with
# -Derrorformatter.jni (the jar's is linked against the tarball's lib/, with run path $ORIGIN).
JAVA_DEV_JNI       := $(JAVA_BUILD)/dev/liberrorformatter-jni.so
JAVA_JNI_CFLAGS     = -std=c11 -Wall -Wextra -Werror -O2 -fPIC -shared -Iinclude -Ibindings/common -I$(JAVA_JNI_HEADERS) \
                      -I$(JAVA_HOME_DIR)/include -I$(JAVA_HOME_DIR)/include/linux
JAVA_RUN           := $(JAVA) -Derrorformatter.jni=$(abspath $(JAVA_DEV_JNI))

TESTS += test-java test-java-jar
DEMOS += demo-java

.PHONY: java-jar test-java test-java-jar demo-java

ifdef JAVA_FOUND
$(JAVA_BUILD)/classes.stamp: $(JAVA_SOURCES)
	rm -rf $(JAVA_CLASSES) $(JAVA_JNI_HEADERS) && mkdir -p $(JAVA_CLASSES) $(JAVA_JNI_HEADERS)
	$(JAVAC) --release 17 -Xlint:all -Werror -d $(JAVA_CLASSES) -h $(JAVA_JNI_HEADERS) $(JAVA_SOURCES)
	touch $@

$(JAVA_DEV_JNI): $(JAVA_JNI_SOURCE) $(JAVA_JNI_INCLUDES) $(JAVA_BUILD)/classes.stamp include/errorformatter.h \
                 $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(dir $@)
	$(CC) $(JAVA_JNI_CFLAGS) -o $@ $(JAVA_JNI_SOURCE) -L$(BUILD)/lib -lerrorformatter \
	    -Wl,-rpath,$(abspath $(BUILD)/lib) -Wl,-z,defs

# The jar's native directory is the tarball's lib/ as a whole (whatever ICU it bundles), less
# the development symlink (liberrorformatter.so) and with each other symlink made a file of the
# name the loader asks for (liberrorformatter.so.1, not .so.1.3.0); files.txt lists it.
java-jar: $(JAVA_BUILD)/classes.stamp $(JAVA_JNI_SOURCE) $(JAVA_JNI_INCLUDES)
	$(MAKE) --no-print-directory tarball ICU=bundled
	rm -rf $(JAVA_BUILD)/jar-native && mkdir -p $(JAVA_JAR_NATIVE)
	set -e; lib=$$(echo $(BUILD)/tarball/errorformatter-*/lib); \
	for file in $$lib/*.so*; do \
	    name=$$(basename $$file); \
	    case $$name in *.so) continue ;; esac; \
	    if [ ! -L $$file ] && [ -n "$$(find $$lib -maxdepth 1 -lname $$name)" ]; then continue; fi; \
	    cp -L $$file $(JAVA_JAR_NATIVE)/$$name; echo $$name >> $(JAVA_JAR_NATIVE)/files.txt; \
	done; \
	for file in $$lib/*LICENSE*; do [ -e $$file ] && cp $$file $(JAVA_JAR_NATIVE)/; done; \
	$(CC) $(JAVA_JNI_CFLAGS) -o $(JAVA_JAR_NATIVE)/liberrorformatter-jni.so $(JAVA_JNI_SOURCE) \
	    -L$$lib -lerrorformatter -Wl,-rpath,'$$ORIGIN' -Wl,-z,defs
	strip --strip-unneeded $(JAVA_JAR_NATIVE)/liberrorformatter-jni.so
	echo liberrorformatter-jni.so >> $(JAVA_JAR_NATIVE)/files.txt
	printf 'Automatic-Module-Name: org.errorformatter\nImplementation-Title: ErrorFormatter\nImplementation-Version: %s\n' \
	    $(VERSION) > $(JAVA_BUILD)/MANIFEST.MF
	rm -f $(JAVA_JAR)
	$(JAR) --create --file $(JAVA_JAR) --manifest $(JAVA_BUILD)/MANIFEST.MF -C $(JAVA_CLASSES) . \
	    -C $(JAVA_BUILD)/jar-native native
	@ls -l $(JAVA_JAR)

$(JAVA_BUILD)/test-classes.stamp: $(JAVA_BUILD)/classes.stamp $(JAVA_TEST_SOURCES)
	rm -rf $(JAVA_TEST_CLASSES) && mkdir -p $(JAVA_TEST_CLASSES)
	$(JAVAC) --release 17 -Xlint:all -Werror -d $(JAVA_TEST_CLASSES) \
	    -cp $(JAVA_CLASSES):$(JUNIT_CLASSPATH) $(JAVA_TEST_SOURCES)
	touch $@

# Without JUnit (Debian's junit4, in APT_PACKAGES) the tests are skipped with a message, as
# test-rust is without cargo; the javadoc check still runs. The tests run under -Xcheck:jni,
# which has the JVM check every JNI call of the glue; it only warns, so its warnings are looked
# for in the output and fail the target.
test-java: $(JAVA_DEV_JNI) $(BUILD)/bin/errfmt $(if $(JUNIT_FOUND),$(JAVA_BUILD)/test-classes.stamp)
	$(JAVADOC) -Xdoclint:all -Werror -quiet -d $(JAVA_BUILD)/javadoc $(JAVA_SOURCES)
	@echo "javadoc: -Xdoclint:all clean"
ifdef JUNIT_FOUND
	status=0; $(JAVA_RUN) -Xcheck:jni -Derrorformatter.examples=$(abspath Examples) \
	    -Derrorformatter.vectors=$(abspath Tests/vectors/packed) \
	    -Derrorformatter.errfmt=$(abspath $(BUILD)/bin/errfmt) \
	    -cp $(JAVA_CLASSES):$(JAVA_TEST_CLASSES):$(JUNIT_CLASSPATH) org.errorformatter.TestMain \
	    > $(JAVA_BUILD)/test-java.log 2>&1 || status=$$?; \
	cat $(JAVA_BUILD)/test-java.log; \
	if grep -q "in native method" $(JAVA_BUILD)/test-java.log; then \
	    echo "test-java: -Xcheck:jni found a misuse of JNI (above)"; exit 1; fi; \
	exit $$status
else
	@echo "test-java: JUnit tests skipped: needs JUnit 4 (apt-get install junit4)"
endif

test-java-jar: java-jar
	JAVAC=$(JAVAC) JAVA=$(JAVA) JAR=$(JAR) sh $(JAVA_ROOT)/tests/check_jar.sh $(abspath $(JAVA_JAR)) $(abspath Examples/CoreLocation)
	sh Tests/packaging/check_symbol_versions.sh $(JAVA_JAR)

# The demo is compiled once against the classes (not launched from source: that compiles on
# every run).
$(JAVA_BUILD)/demo/Demo.class: Examples/java/Demo.java $(JAVA_BUILD)/classes.stamp
	mkdir -p $(dir $@)
	$(JAVAC) --release 17 -Xlint:all -Werror -d $(dir $@) -cp $(JAVA_CLASSES) Examples/java/Demo.java

demo-java: $(JAVA_DEV_JNI) $(JAVA_BUILD)/demo/Demo.class
	@echo "== Java demo (Examples/java/Demo.java)"
	$(JAVA_RUN) -cp $(JAVA_CLASSES):$(JAVA_BUILD)/demo Demo $(DEMO_CASES)

DEMO_RECORDS += java
$(BUILD)/examples/records-java.txt: $(JAVA_DEV_JNI) $(JAVA_BUILD)/demo/Demo.class FORCE
	mkdir -p $(dir $@)
	$(JAVA_RUN) -cp $(JAVA_CLASSES):$(JAVA_BUILD)/demo Demo $(DEMO_CASES) > $@ $(DEMO_STDERR)

test-demos: $(BUILD)/examples/records-java.txt
else
java-jar test-java test-java-jar demo-java:
	@echo "$@: skipped: needs a JDK (javac and jni.h; apt-get install default-jdk-headless)"
endif
