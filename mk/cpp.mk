# mk/cpp.mk -- the C++ binding (bindings/cpp/errorformatter.hpp): its tests and its demo.
#
#   make test-cpp        bindings/cpp/tests, built -std=c++17 -Wall -Wextra -Werror, run plain and
#                        under AddressSanitizer + UndefinedBehaviorSanitizer (last line "N passed, N failed")
#   make demo-cpp        Examples/cpp/demo.cpp on the cross-binding cases
#
# Included by the top Makefile after its variables; uses mk/bindings.mk's BINDINGS_* and DEMO_*.

TESTS += test-cpp

.PHONY: test-cpp

CPP_FLAGS      := -std=c++17 -pedantic -Wall -Wextra -Werror -O1 -g -pthread -Iinclude -Ibindings/cpp
CPP_SANITIZE   := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer \
                  -D_GLIBCXX_ASSERTIONS
CPP_HEADERS    := bindings/cpp/errorformatter.hpp include/errorformatter.h bindings/cpp/tests/json.hpp
CPP_TEST       := bindings/cpp/tests/test_errorformatter.cpp

$(BUILD)/tests/cpp/test-errorformatter: $(CPP_TEST) $(CPP_HEADERS) $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(dir $@)
	$(CXX) $(CPP_FLAGS) -o $@ $(CPP_TEST) $(BINDINGS_LDFLAGS)

# The sanitizers check the binding's own code (ownership, ranges, copies); the library itself is
# not instrumented. LeakSanitizer is on: every handle the binding makes must be freed.
$(BUILD)/tests/cpp/test-errorformatter-sanitized: $(CPP_TEST) $(CPP_HEADERS) $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(dir $@)
	$(CXX) $(CPP_FLAGS) $(CPP_SANITIZE) -o $@ $(CPP_TEST) $(BINDINGS_LDFLAGS)

test-cpp: $(BUILD)/tests/cpp/test-errorformatter $(BUILD)/tests/cpp/test-errorformatter-sanitized
	$(BUILD)/tests/cpp/test-errorformatter Examples
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	    $(BUILD)/tests/cpp/test-errorformatter-sanitized Examples

$(BUILD)/examples/demo-cpp: Examples/cpp/demo.cpp $(CPP_HEADERS) $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(dir $@)
	$(CXX) $(CPP_FLAGS) -o $@ Examples/cpp/demo.cpp $(BINDINGS_LDFLAGS)

$(eval $(call binding_demo,cpp,C++ demo (Examples/cpp/demo.cpp),$(BUILD)/examples/demo-cpp,$(BUILD)/examples/demo-cpp))
