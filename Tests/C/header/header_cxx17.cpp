// header_cxx17.cpp -- errorformatter.h must compile as C++17 (g++ -std=c++17 -Wall -Werror) with
// C linkage for every function, and its handles must work with RAII.
#include "errorformatter.h"
#include "errorformatter.h"

#include <memory>
#include <type_traits>

static_assert(EF_VERSION_NUMBER ==
                  EF_VERSION_MAJOR * 10000 + EF_VERSION_MINOR * 100 + EF_VERSION_PATCH,
              "EF_VERSION_NUMBER agrees with its parts");
static_assert(std::is_same<ef_status, int32_t>::value, "ef_status is int32_t");

extern "C" {
// Redeclaring with explicit C linkage must be compatible with the header's declarations.
ef_status ef_format(ef_result **out, const ef_catalog *catalog, const ef_error_info *info,
                    const char *const *locales, size_t locale_count, ef_error_details **err);
}

using catalog_handle = std::unique_ptr<ef_catalog, decltype(&ef_catalog_free)>;
using result_handle = std::unique_ptr<ef_result, decltype(&ef_result_free)>;

int header_cxx17_uses();
int header_cxx17_uses() {
    catalog_handle catalog(nullptr, &ef_catalog_free);
    result_handle result(nullptr, &ef_result_free);
    return catalog == nullptr && result == nullptr;
}
