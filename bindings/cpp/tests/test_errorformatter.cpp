// test_errorformatter.cpp -- the C++ binding against the real library and the example catalogs.
//
// usage: test_errorformatter <Examples directory>
//
// Each check compares with a value hand-checked in the example tables (Examples/CoreLocation,
// Examples/Sync) or stated by errorformatter.h; the last line is "N passed, N failed".
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <numeric>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include <unistd.h>

#include "errorformatter.hpp"
#include "json.hpp"

namespace ef = errorformatter;

namespace {

int passed = 0;
int failed = 0;

void record(bool ok, const char *expression, const char *file, int line) {
    if (ok) {
        passed++;
    } else {
        failed++;
        std::cerr << file << ':' << line << ": check failed: " << expression << '\n';
    }
}

template <typename A, typename B>
void record_equal(const A &actual, const B &expected, const char *expression, const char *file, int line) {
    bool ok = actual == expected;
    record(ok, expression, file, line);
    if (!ok)
        std::cerr << "    got \"" << actual << "\", expected \"" << expected << "\"\n";
}

#define CHECK(condition) record((condition), #condition, __FILE__, __LINE__)
#define CHECK_EQ(actual, expected) record_equal((actual), (expected), #actual " == " #expected, __FILE__, __LINE__)

// Runs `body`, which must throw ef::Error with `status`; returns the error for further checks.
template <typename Body> ef::Failure expect_error(Body &&body, ef::Status status, const char *what, int line) {
    try {
        body();
    } catch (const ef::Error &error) {
        record(error.status() == status, what, __FILE__, line);
        if (error.status() != status)
            std::cerr << "    status " << error.status_name() << '\n';
        return error.failure();
    }
    record(false, what, __FILE__, line);
    std::cerr << "    nothing was thrown\n";
    return {};
}
#define CHECK_THROWS(status, ...) expect_error([&] { __VA_ARGS__; }, status, #__VA_ARGS__, __LINE__)

// A French table whose line 3 lacks '=' (as Tests/C/test_builder.c): at line 3, column 15.
const std::string broken_table = "\"errors.title\" = \"Erreur\";\n"
                                 "\"errors.message\" = \"Réessayez.\";\n"
                                 "\"controls.ok\" \"OK\";\n";

// RAII and value semantics that the header promises, checked at compile time.
static_assert(!std::is_copy_constructible_v<ef::Catalog> && std::is_nothrow_move_constructible_v<ef::Catalog>);
static_assert(!std::is_copy_constructible_v<ef::ErrorInfo> && std::is_nothrow_move_constructible_v<ef::ErrorInfo>);
static_assert(!std::is_copy_constructible_v<ef::CatalogBuilder>);
static_assert(!std::is_copy_constructible_v<ef::LocaleChain>);
static_assert(std::is_copy_constructible_v<ef::FormattedError>);
static_assert(std::is_base_of_v<std::runtime_error, ef::Error>);
// The OpenOptions overloads leave `open(path, {})` and `try_open(out, path, {})` unambiguous.
static_assert(std::is_same_v<decltype(ef::Catalog::open("", {})), ef::Catalog>);
static_assert(std::is_same_v<decltype(ef::Catalog::try_open(std::declval<ef::Catalog &>(), "", {})), ef::Status>);
// A range borrows its handle: asking a temporary for one does not compile (it would dangle).
template <typename T, typename = void> struct gives_diagnostics : std::false_type {};
template <typename T>
struct gives_diagnostics<T, std::void_t<decltype(std::declval<T>().diagnostics())>> : std::true_type {};
static_assert(gives_diagnostics<const ef::Catalog &>::value && !gives_diagnostics<ef::Catalog>::value);
template <typename T, typename = void> struct gives_entries : std::false_type {};
template <typename T> struct gives_entries<T, std::void_t<decltype(std::declval<T>().entries())>> : std::true_type {};
static_assert(gives_entries<const ef::LocaleChain &>::value && !gives_entries<ef::LocaleChain>::value);
// The try_ forms never throw.
static_assert(noexcept(ef::Catalog::try_open(std::declval<ef::Catalog &>(), "")));
static_assert(noexcept(std::declval<const ef::Catalog &>().try_format(std::declval<ef::FormattedError &>(),
                                                                      std::declval<const ef::ErrorInfo &>())));
static_assert(noexcept(ef::try_normalize_locale(std::declval<std::string &>(), "")));
static_assert(noexcept(ef::try_preferences_from_accept_language(std::declval<std::vector<std::string> &>(), "")));

void test_version() {
    CHECK_EQ(ef::version_number() / 10000, static_cast<std::uint32_t>(EF_VERSION_MAJOR));
    CHECK_EQ(ef::version_string(), std::string(EF_VERSION_STRING));
    CHECK_EQ(ef::status_name(EF_E_PARSE), "EF_E_PARSE");
    CHECK_EQ(ef::status_name(999), "EF_E_UNKNOWN");
    CHECK(!ef::status_string(EF_E_NOT_FOUND).empty());
}

void test_catalog(const std::string &examples) {
    ef::Catalog catalog = ef::Catalog::open(examples + "/CoreLocation", "en");
    CHECK(static_cast<bool>(catalog));
    CHECK_EQ(catalog.development_locale(), "en");

    // The localizations are a sized, random-access range, sorted as on disk.
    const std::vector<std::string> expected = {"de", "en", "es", "es-419", "fr", "fr-CA", "ja", "zh-Hans", "zh-Hant"};
    ef::Catalog::Localizations localizations = catalog.localizations();
    CHECK_EQ(localizations.size(), expected.size());
    CHECK(std::vector<std::string>(localizations.begin(), localizations.end()) == expected);
    CHECK_EQ(localizations[5], "fr-CA");
    CHECK_EQ(localizations.end() - localizations.begin(), static_cast<std::ptrdiff_t>(expected.size()));
    try {
        (void)localizations.at(expected.size());
        CHECK(false);
    } catch (const std::out_of_range &) {
        CHECK(true);
    }

    // The seed defines errors.kCLErrorDomain.8.message twice: a warning at line 10 of en.
    bool found_duplicate = false;
    for (const ef::Diagnostic &diagnostic : catalog.diagnostics()) {
        if (diagnostic.code == "duplicate-key" && diagnostic.severity == ef::Severity::warning) {
            found_duplicate = true;
            CHECK_EQ(diagnostic.file.value_or(""), "en.lproj/Localizable.strings");
            CHECK_EQ(diagnostic.line, 10);
            CHECK_EQ(diagnostic.column, 1);
        }
    }
    CHECK(found_duplicate);

    // Moving transfers the handle; the moved-from catalog is empty and refused, not a crash.
    ef::Catalog moved = std::move(catalog);
    CHECK(static_cast<bool>(moved));
    CHECK(!static_cast<bool>(catalog)); // NOLINT(bugprone-use-after-move): the point of the check
    CHECK_EQ(catalog.localizations().size(), 0u);
    CHECK_THROWS(EF_E_INVALID_ARGUMENT, catalog.format(ef::ErrorInfo("kCLErrorDomain", 0)));
}

void test_open_failures(const std::string &examples) {
    ef::Failure failure = CHECK_THROWS(EF_E_NOT_FOUND, ef::Catalog::open(examples + "/NoSuchCatalog"));
    CHECK(!failure.message.empty());

    // The non-throwing form returns the status and fills the failure.
    ef::Catalog catalog;
    ef::Failure reported;
    CHECK_EQ(ef::Catalog::try_open(catalog, examples + "/NoSuchCatalog", std::nullopt,
                                   ef::Catalog::Mode::lenient, &reported),
             EF_E_NOT_FOUND);
    CHECK_EQ(reported.status, EF_E_NOT_FOUND);
    CHECK(!reported.message.empty());
    CHECK(!static_cast<bool>(catalog));
    CHECK_EQ(ef::Catalog::try_open(catalog, examples + "/CoreLocation"), EF_OK);
    CHECK(static_cast<bool>(catalog));

    // A view with a NUL inside would be cut short by the C API: refused instead.
    CHECK_THROWS(EF_E_INVALID_ARGUMENT, ef::Catalog::open(std::string("Examples\0/CoreLocation", 22)));
    CHECK_THROWS(EF_E_INVALID_LOCALE, ef::Catalog::open(examples + "/CoreLocation", "../../etc"));
    CHECK_THROWS(EF_E_INVALID_UTF8, ef::Catalog::open("\xff\xfe"));
}

// The same title, message and button as `expected` for a few codes and locales.
void check_same_results(const ef::Catalog &catalog, const ef::Catalog &expected, const char *what) {
    for (int code : {0, 1, 8, 9}) {
        for (const char *locale : {"en", "fr-CA", "es-MX", "zh-TW", "ja"}) {
            ef::ErrorInfo info("kCLErrorDomain", code);
            ef::FormattedError got = catalog.format(info, {locale});
            ef::FormattedError want = expected.format(info, {locale});
            bool same = got.title == want.title && got.message == want.message && got.button == want.button;
            record(same, what, __FILE__, __LINE__);
            if (!same)
                std::cerr << "    code " << code << ", locale " << locale << ": \"" << got.title << "\"\n";
        }
    }
}

// A new directory of the test's own under the system's temporary directory, named
// `<prefix>-XXXXXX`; "" (and a failed check) if it cannot be made.
std::string scratch_directory(const char *prefix) {
    std::string scratch = (std::filesystem::temp_directory_path() / (std::string(prefix) + "-XXXXXX")).string();
    if (mkdtemp(scratch.data()) != nullptr)
        return scratch;
    record(false, "mkdtemp", __FILE__, __LINE__);
    return "";
}

// A compiled catalog (library 1.2) and a catalog read on demand give the directory's results.
void test_compiled_and_on_demand(const std::string &examples) {
    const ef::Catalog directory = ef::Catalog::open(examples + "/CoreLocation");
    const std::string scratch = scratch_directory("ef-cpp-compiled");
    if (scratch.empty())
        return;
    const std::string file = scratch + "/CoreLocation.efc";
    directory.compile(file);

    const ef::Catalog compiled = ef::Catalog::open(file);
    CHECK_EQ(compiled.development_locale(), "en");
    CHECK_EQ(compiled.localizations().size(), directory.localizations().size());
    CHECK_EQ(compiled.format(ef::ErrorInfo("kCLErrorDomain", 0), {"fr-CA"}).title, "Emplacement inconnu");
    check_same_results(compiled, directory, "compiled file gives the directory's results");
    ef::Catalog::OpenOptions strict;
    strict.mode = ef::Catalog::Mode::strict;
    check_same_results(ef::Catalog::open(file, strict), directory, "strict compiled open");

    ef::Catalog::OpenOptions on_demand;
    on_demand.on_demand = true;
    const ef::Catalog lazy = ef::Catalog::open(examples + "/CoreLocation", on_demand);
    CHECK_EQ(lazy.format(ef::ErrorInfo("kCLErrorDomain", 0), {"de-AT"}).title, "Unbekannter Standort");
    check_same_results(lazy, directory, "on-demand directory gives the whole load's results");
    CHECK_EQ(lazy.localizations().size(), directory.localizations().size());
    ef::Catalog refused;
    ef::Failure failure;
    CHECK_EQ(ef::Catalog::try_open(refused, examples + "/NoSuchCatalog", on_demand, &failure), EF_E_NOT_FOUND);
    CHECK(!static_cast<bool>(refused));

    // On demand, a localization is read when first needed: a table rewritten after the open
    // is read as it is then (a whole load keeps what it read at open).
    const std::string source = scratch + "/source";
    std::filesystem::create_directories(source + "/fr.lproj");
    const auto write_title = [&](const char *title) {
        std::ofstream(source + "/fr.lproj/Localizable.strings") << "\"errors.title\" = \"" << title << "\";\n";
    };
    write_title("Avant");
    const ef::Catalog whole = ef::Catalog::open(source);
    const ef::Catalog deferred = ef::Catalog::open(source, on_demand);
    write_title("Après");
    CHECK_EQ(whole.format(ef::ErrorInfo("Any", 1), {"fr"}).title, "Avant");
    CHECK_EQ(deferred.format(ef::ErrorInfo("Any", 1), {"fr"}).title, "Après");

    // Writing where no directory exists is EF_E_IO; an empty path or catalog is refused.
    CHECK_THROWS(EF_E_IO, directory.compile(scratch + "/missing/CoreLocation.efc"));
    CHECK_EQ(directory.try_compile(scratch + "/missing/CoreLocation.efc", &failure), EF_E_IO);
    CHECK(!failure.message.empty());
    CHECK_THROWS(EF_E_INVALID_ARGUMENT, directory.compile(""));
    CHECK_THROWS(EF_E_INVALID_ARGUMENT, ef::Catalog().compile(file));

    std::filesystem::remove_all(scratch);
}

// Whether `path` is one of this process's mappings: a line of /proc/self/maps ends in its real
// path. nullopt where there is no /proc/self/maps (not Linux).
std::optional<bool> is_mapped(const std::string &path) {
    std::ifstream maps("/proc/self/maps");
    if (!maps)
        return std::nullopt;
    const std::string suffix = " " + std::filesystem::canonical(path).string();
    for (std::string line; std::getline(maps, line);) {
        if (line.size() >= suffix.size() && line.compare(line.size() - suffix.size(), suffix.size(), suffix) == 0)
            return true;
    }
    return false;
}

// What two catalogs should list alike: the development locale, localizations and diagnostics.
std::string listing(const ef::Catalog &catalog) {
    std::string text = catalog.development_locale() + "\n";
    for (const std::string &localization : catalog.localizations())
        text += localization + " ";
    for (const ef::Diagnostic &diagnostic : catalog.diagnostics())
        text += "\n" + diagnostic.code + " " + diagnostic.file.value_or("-") + ":" + std::to_string(diagnostic.line) +
                ":" + std::to_string(diagnostic.column) + " " + diagnostic.message;
    return text;
}

// EF_CATALOG_MAPPED (library 1.3): a compiled file opened mapped gives the results it gives
// read, and is one of the process's mappings until the catalog is destroyed; a directory opened
// with the option is opened as without it.
void test_mapped(const std::string &examples) {
    const ef::Catalog directory = ef::Catalog::open(examples + "/CoreLocation");
    const std::string table = examples + "/CoreLocation/fr.lproj/Localizable.strings";
    ef::Catalog::OpenOptions mapped_options;
    mapped_options.mapped = true;
    {
        const ef::Catalog mapped_directory = ef::Catalog::open(examples + "/CoreLocation", mapped_options);
        check_same_results(mapped_directory, directory, "mapped changes nothing for a directory");
        CHECK_EQ(listing(mapped_directory), listing(directory));
        CHECK(is_mapped(table) != std::optional<bool>(true));
    }

    if (!is_mapped(table).has_value()) {
        std::cerr << "test_mapped: skipped the mapping checks: /proc/self/maps is not available\n";
        return;
    }
    const std::string scratch = scratch_directory("ef-cpp-mapped");
    if (scratch.empty())
        return;
    const std::string file = scratch + "/CoreLocation.efc";
    directory.compile(file);
    ef::Catalog::OpenOptions strict;
    strict.mode = ef::Catalog::Mode::strict;
    ef::Catalog::OpenOptions on_demand;
    on_demand.on_demand = true;
    for (ef::Catalog::OpenOptions options : {ef::Catalog::OpenOptions{}, strict, on_demand}) {
        const ef::Catalog read = ef::Catalog::open(file, options);
        CHECK(is_mapped(file) == std::optional<bool>(false));
        options.mapped = true;
        {
            const ef::Catalog mapped = ef::Catalog::open(file, options);
            check_same_results(mapped, read, "a mapped compiled file gives the results it gives read");
            CHECK_EQ(listing(mapped), listing(read));
            CHECK(mapped.lookup("errors.title", {"fr"}).value == read.lookup("errors.title", {"fr"}).value);
            // The sections read so far (lenient: when first needed) are mapped.
            CHECK(is_mapped(file) == std::optional<bool>(true));
        }
        CHECK(is_mapped(file) == std::optional<bool>(false));
    }

    // A broken file is refused mapped as it is read.
    std::filesystem::resize_file(file, std::filesystem::file_size(file) / 2);
    CHECK_THROWS(EF_E_PARSE, ef::Catalog::open(file, mapped_options));
    std::filesystem::remove_all(scratch);
}

// Localized numbers and pseudo-locales (library 1.3): the open options and an error's own
// choice. The digits themselves are checked against Foundation by the Swift suite.
void test_numbers() {
    const std::string scratch = scratch_directory("ef-cpp-numbers");
    if (scratch.empty())
        return;
    const std::pair<const char *, const char *> tables[] = {
        {"en", "\"errors.Sync.1.title\" = \"%lld files\";\n\"errors.Sync.2.title\" = \"Sync failed\";\n"},
        {"de", "\"errors.Sync.1.title\" = \"%lld Dateien\";\n"
               "\"errors.Sync.2.title\" = \"Synchronisierung fehlgeschlagen\";\n"},
    };
    for (const auto &[locale, text] : tables) {
        std::filesystem::create_directories(scratch + "/" + locale + ".lproj");
        std::ofstream(scratch + "/" + locale + ".lproj/Localizable.strings", std::ios::binary) << text;
    }
    using Style = ef::ErrorInfo::NumberStyle;
    const ef::Catalog plain = ef::Catalog::open(scratch);
    ef::Catalog::OpenOptions localized_options;
    localized_options.localized_numbers = true;
    const ef::Catalog localized = ef::Catalog::open(scratch, localized_options);
    auto title = [](const ef::Catalog &catalog, std::int64_t value, std::optional<Style> style, const char *locale) {
        ef::ErrorInfo info("Sync", 1);
        info.add_int64(value);
        if (style)
            info.set_number_style(*style);
        return catalog.format(info, {locale}).title;
    };
    // Three rounds: the library's memos and plans answer the later ones, never across choices.
    for (int round = 0; round < 3; round++) {
        CHECK_EQ(title(plain, 1234567, std::nullopt, "de"), "1234567 Dateien");
        CHECK_EQ(title(plain, 1234567, Style::localized, "de"), "1.234.567 Dateien");
        CHECK_EQ(title(plain, -1234567, Style::c_locale, "de"), "-1234567 Dateien");
        CHECK_EQ(title(localized, 1234567, std::nullopt, "de"), "1.234.567 Dateien");
        CHECK_EQ(title(localized, 1234567, Style::catalog, "en"), "1,234,567 files");
        CHECK_EQ(title(localized, 1234567, Style::c_locale, "de"), "1234567 Dateien");
    }
    ef::ErrorInfo info("Sync", 1);
    CHECK_THROWS(EF_E_INVALID_ARGUMENT, info.set_number_style(static_cast<Style>(7)));

    ef::Catalog::OpenOptions pseudo_options;
    pseudo_options.pseudo_locales = true;
    const ef::Catalog pseudo = ef::Catalog::open(scratch, pseudo_options);
    const ef::FormattedError accented = pseudo.format(ef::ErrorInfo("Sync", 2), {"en-XA"});
    CHECK(accented.title.size() > std::string("Sync failed").size() && accented.title.front() == '[' &&
          accented.title.back() == ']');
    CHECK_EQ(accented.of(ef::Field::title).locale.value_or("-"), "en-XA");
    CHECK_EQ(plain.format(ef::ErrorInfo("Sync", 2), {"en-XA"}).title, "Sync failed");
    CHECK_EQ(pseudo.format(ef::ErrorInfo("Sync", 2), {"de-AT"}).title, "Synchronisierung fehlgeschlagen");
    CHECK_EQ(listing(pseudo), listing(plain));
    std::filesystem::remove_all(scratch);
}

void test_format(const std::string &examples) {
    const ef::Catalog catalog = ef::Catalog::open(examples + "/CoreLocation");
    ef::FormattedError shown = catalog.format(ef::ErrorInfo("kCLErrorDomain", 0), {"fr-CA"});
    CHECK_EQ(shown.title, "Emplacement inconnu");
    CHECK_EQ(shown.message, "Impossible d’obtenir une bonne lecture. Un long tunnel?");
    CHECK_EQ(shown.button, "OK");
    CHECK_EQ(shown.of(ef::Field::title).rule, "code-key");
    CHECK_EQ(shown.of(ef::Field::title).key.value_or("-"), "errors.kCLErrorDomain.0.title");
    CHECK_EQ(shown.of(ef::Field::title).locale.value_or("-"), "fr-CA");
    CHECK_EQ(shown.of(ef::Field::title).table.value_or("-"), "Localizable");
    // Like the original table, no localization has controls.ok: the built-in button.
    CHECK_EQ(shown.of(ef::Field::button).rule, "builtin");
    CHECK(!shown.of(ef::Field::button).locale.has_value());
    CHECK(shown.stack.size() >= 3 && shown.stack[0] == "fr-CA" && shown.stack[1] == "fr");
    CHECK_EQ(shown.text(ef::Field::message), shown.message);

    // Locales from a vector of strings; the second preference answers (no Portuguese table).
    std::vector<std::string> preferences = {"pt-BR", "es-MX"};
    shown = catalog.format(ef::ErrorInfo("kCLErrorDomain", 8), preferences);
    CHECK_EQ(shown.title, "No se encontraron resultados");
    CHECK_EQ(shown.of(ef::Field::title).locale.value_or("-"), "es-419");

    // The error's own texts, with no key of its domain: rules 2 and 3.
    ef::ErrorInfo info("NSURLErrorDomain", -1001);
    info.set_failure_reason("Timed Out").set_description("The request timed out.");
    shown = catalog.format(info, {"ja"});
    CHECK_EQ(shown.title, "Timed Out");
    CHECK_EQ(shown.of(ef::Field::title).rule, "failure-reason");
    CHECK(!shown.of(ef::Field::title).key.has_value());
    CHECK_EQ(shown.message, "The request timed out.");
    CHECK_EQ(shown.of(ef::Field::message).rule, "description");
    info.set_failure_reason(std::nullopt);
    CHECK_EQ(catalog.format(info, {"en"}).title, "Error");

    CHECK_THROWS(EF_E_INVALID_ARGUMENT, info.set_table("a/b"));
    CHECK_THROWS(EF_E_INVALID_UTF8, ef::ErrorInfo("\xc3", 0));
    CHECK_THROWS(EF_E_INVALID_UTF8, catalog.format(info, {"\xff"}));

    // The non-throwing form.
    ef::FormattedError out;
    ef::Failure failure;
    CHECK_EQ(catalog.try_format(out, ef::ErrorInfo(), {}, &failure), EF_E_INVALID_ARGUMENT);
    CHECK_EQ(failure.status, EF_E_INVALID_ARGUMENT);
    CHECK_EQ(catalog.try_format(out, ef::ErrorInfo("kCLErrorDomain", 0)), EF_OK);
    CHECK_EQ(out.title, "Unknown Location");
}

void test_arguments(const std::string &examples) {
    const ef::Catalog catalog = ef::Catalog::open(examples + "/Sync");
    ef::ErrorInfo info("SyncErrorDomain", 2);
    info.add(3); // an int: int64
    CHECK_EQ(info.argument_count(), 1u);
    CHECK_EQ(catalog.format(info, {"en"}).message, "3 files could not be synced.");
    info.clear_arguments().add(std::int64_t{1});
    CHECK_EQ(catalog.format(info, {"en"}).message, "1 file could not be synced.");
    CHECK_EQ(catalog.format(info, {"fr"}).message, "1 fichier n’a pas pu être synchronisé.");

    // A string where %d is expected: the plural is rejected, and why is recorded.
    info.clear_arguments().add("three");
    ef::FormattedError shown = catalog.format(info, {"en"});
    CHECK_EQ(shown.message, "Please try again later.");
    CHECK_EQ(shown.of(ef::Field::message).rule, "generic-key");
    CHECK_EQ(shown.of(ef::Field::message).rejections.size(), 1u);
    CHECK(!shown.of(ef::Field::message).rejections.empty() &&
          shown.of(ef::Field::message).rejections[0].find("[wrong-argument-type]") != std::string::npos);

    // A double and a std::string; French takes them by position.
    ef::ErrorInfo space("SyncErrorDomain", 3);
    space.add(12.5).add(std::string("Backup"));
    CHECK_EQ(catalog.format(space, {"fr"}).message, "Il faut 12.5 Mo de plus sur « Backup ».");
    // German asks for a third argument: skipped, English shown.
    shown = catalog.format(space, {"de"});
    CHECK_EQ(shown.message, "12.5 MB more are needed on “Backup”.");
    CHECK_EQ(shown.of(ef::Field::message).rejections.size(), 1u);

    // An argument view with a NUL inside is refused, not truncated.
    CHECK_THROWS(EF_E_INVALID_ARGUMENT, space.add(std::string_view("a\0b", 3)));
    CHECK_EQ(space.argument_count(), 2u);
    // Unsigned stays unsigned.
    ef::ErrorInfo upload("SyncErrorDomain", 1);
    upload.add(std::uint64_t{18446744073709551615u});
    CHECK_EQ(catalog.format(upload, {"en"}).title, "Cannot Upload “18446744073709551615”");
}

void test_lookup(const std::string &examples) {
    const ef::Catalog catalog = ef::Catalog::open(examples + "/CoreLocation");
    ef::LookupResult found = catalog.lookup("errors.kCLErrorDomain.0.title", {"fr-CA"});
    CHECK_EQ(found.value.value_or("-"), "Emplacement inconnu");
    CHECK_EQ(found.locale.value_or("-"), "fr-CA");
    CHECK_EQ(found.table, "Localizable");
    // Not found is an answer, not an error.
    found = catalog.lookup("no.such.key", {"en"});
    CHECK(!found.value.has_value());
    CHECK(!found.locale.has_value());
    found = catalog.lookup("errors.title", {"en"}, "NoSuchTable");
    CHECK(!found.value.has_value());
    CHECK_EQ(found.table, "NoSuchTable");

    const ef::Catalog sync = ef::Catalog::open(examples + "/Sync");
    ef::ErrorInfo arguments("", 0);
    arguments.add("notes.txt");
    found = sync.lookup("errors.SyncErrorDomain.1.message", {"fr"}, std::nullopt, &arguments);
    CHECK_EQ(found.value.value_or("-"), "« notes.txt » est ouvert dans une autre app.");
    found = sync.lookup("errors.SyncErrorDomain.1.message", {"fr"});
    CHECK(!found.value.has_value());
    CHECK_EQ(found.rejections.size(), 2u); // fr and en both need the argument
}

void test_builder() {
    ef::CatalogBuilder builder;
    std::string table = "\"errors.title\" = \"Erreur\";\n\"controls.ok\" = \"D’accord\";\n";
    builder.add_table("fr", "Localizable.strings", table);
    table.assign(table.size(), 'x'); // the library copied the bytes
    builder.add_table("de", "Localizable.strings", broken_table); // lenient: left out, recorded
    ef::Catalog catalog = builder.finish("fr");
    CHECK_EQ(catalog.development_locale(), "fr");
    CHECK_EQ(catalog.format(ef::ErrorInfo("D", 1), {"de"}).title, "Erreur");
    bool recorded = false;
    for (const ef::Diagnostic &diagnostic : catalog.diagnostics())
        recorded = recorded || diagnostic.severity == ef::Severity::error;
    CHECK(recorded);

    // Strict: the position of the fault travels in the exception.
    ef::CatalogBuilder strict(ef::Catalog::Mode::strict);
    ef::Failure failure =
        CHECK_THROWS(EF_E_PARSE, strict.add_table("fr", "Localizable.strings", broken_table));
    CHECK_EQ(failure.line, 3);
    CHECK_EQ(failure.column, 15);
    try {
        strict.add_table("fr", "Localizable.strings", broken_table);
    } catch (const ef::Error &error) {
        CHECK_EQ(error.line(), 3);
        CHECK(std::string(error.what()).find(error.message()) != std::string::npos);
    }
    ef::Failure reported;
    CHECK_EQ(strict.try_add_table("fr", "Localizable.strings", broken_table, &reported), EF_E_PARSE);
    CHECK_EQ(reported.line, 3);
    CHECK_THROWS(EF_E_INVALID_LOCALE, strict.add_table("../../etc", "Localizable.strings", ""));
    CHECK_THROWS(EF_E_INVALID_ARGUMENT, strict.add_table("fr", "Localizable.txt", ""));

    // The noexcept forms: an empty builder refuses every call, as the C API refuses NULL.
    ef::CatalogBuilder empty(nullptr);
    CHECK_EQ(empty.try_add_table("fr", "Localizable.strings", ""), EF_E_INVALID_ARGUMENT);
    CHECK_EQ(ef::CatalogBuilder::try_make(empty, ef::Catalog::Mode::strict), EF_OK);
    CHECK_EQ(empty.try_add_table("fr", "Localizable.strings", "\"a\" = \"b\";"), EF_OK);
    ef::Catalog finished;
    CHECK_EQ(empty.try_finish(finished), EF_OK);
    CHECK_EQ(finished.lookup("a", {"fr"}).value.value_or("-"), "b");
}

void test_locales() {
    CHECK_EQ(ef::normalize_locale("zh-Hant-TW"), "zh_Hant_TW");
    bool untranslated = false;
    CHECK_EQ(ef::normalize_locale("POSIX", &untranslated), "");
    CHECK(untranslated);
    CHECK_THROWS(EF_E_INVALID_LOCALE, ef::normalize_locale("../x"));

    ef::LocaleChain chain("es-MX");
    CHECK_EQ(chain.normalized(), "es_MX");
    CHECK(!chain.untranslated());
    std::vector<std::string> ids;
    for (const ef::ChainEntry &entry : chain) {
        ids.push_back(entry.id);
        CHECK(entry.kind == ef::ChainKind::bundle);
    }
    CHECK((ids == std::vector<std::string>{"es_MX", "es_419", "es"}));

    ef::LocaleChain taiwan("zh-TW");
    CHECK_EQ(taiwan.size(), 3u);
    CHECK(taiwan[0].kind == ef::ChainKind::alias);
    CHECK_EQ(taiwan[1].id, "zh_Hant_TW");
    CHECK(ef::LocaleChain("C").untranslated());
    CHECK_EQ(ef::LocaleChain("C").size(), 0u);
    ef::LocaleChain empty;
    CHECK_EQ(ef::LocaleChain::try_make(empty, "\xff"), EF_E_INVALID_UTF8);
    CHECK_EQ(empty.size(), 0u);

    std::vector<std::string> accepted = ef::preferences_from_accept_language("en;q=0.5, zh-TW, *, de;q=0, ja;q=0.9");
    CHECK((accepted == std::vector<std::string>{"zh-TW", "ja", "en"}));
    CHECK(ef::preferences_from_accept_language("").empty());
    std::vector<std::string> unchanged = {"kept"};
    ef::Failure refused;
    CHECK_EQ(ef::try_preferences_from_accept_language(unchanged, std::string_view("fr\0en", 5), &refused),
             EF_E_INVALID_ARGUMENT);
    CHECK_EQ(refused.status, EF_E_INVALID_ARGUMENT);
    CHECK_EQ(unchanged.size(), 1u); // a failed try_ form leaves its out-parameter alone
    std::string normalized = "kept";
    CHECK_EQ(ef::try_normalize_locale(normalized, "../x"), EF_E_INVALID_LOCALE);
    CHECK_EQ(normalized, "kept");
    CHECK_EQ(ef::try_normalize_locale(normalized, "es-419"), EF_OK);
    CHECK_EQ(normalized, "es_419");

    setenv("LC_ALL", "", 1);
    setenv("LC_MESSAGES", "", 1);
    setenv("LANG", "fr_CA.UTF-8", 1);
    setenv("LANGUAGE", "fr_CA:fr:en", 1);
    CHECK((ef::preferences_from_environment() == std::vector<std::string>{"fr_CA", "fr", "en"}));
}

// The Sync example's German string asks for an argument the English one does not pass.
void test_lint(const std::string &examples) {
    ef::LintReport report = ef::LintReport::lint_paths({examples + "/Sync"});
    CHECK_EQ(report.file_count(), 5u);
    int errors = 0;
    for (const ef::LintDiagnostic &finding : report) {
        if (finding.severity != ef::Severity::error)
            continue;
        errors++;
        CHECK_EQ(finding.code, "format-mismatch");
        CHECK_EQ(finding.key.value_or("-"), "errors.SyncErrorDomain.3.message");
        CHECK_EQ(finding.line, 8);
        CHECK(finding.file.value_or("").find("Sync/de.lproj/Localizable.strings") != std::string::npos);
    }
    CHECK_EQ(errors, 1);

    ef::Failure failure = CHECK_THROWS(EF_E_NOT_FOUND, ef::LintReport::lint_paths({examples + "/NoSuchCatalog"}));
    CHECK_EQ(failure.file.value_or("-"), examples + "/NoSuchCatalog");
    ef::LintReport empty;
    CHECK_EQ(ef::LintReport::try_lint_paths(empty, {}), EF_E_INVALID_ARGUMENT);
    CHECK_EQ(empty.size(), 0u);

    const ef::Catalog catalog = ef::Catalog::open(examples + "/CoreLocation");
    ef::LintReport loaded = ef::LintReport::lint_catalog(catalog);
    bool duplicate = false;
    for (const ef::LintDiagnostic &finding : loaded.diagnostics())
        duplicate = duplicate || finding.code == "duplicate-key";
    CHECK(duplicate);
}

// A catalog is shared by threads (its const functions are safe concurrently); each thread has
// its own ErrorInfo (a builder).
void test_threads(const std::string &examples) {
    const ef::Catalog catalog = ef::Catalog::open(examples + "/CoreLocation");
    std::vector<int> mismatches(4, 0);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < mismatches.size(); t++) {
        threads.emplace_back([&, t] {
            ef::ErrorInfo info("kCLErrorDomain", 0);
            for (int i = 0; i < 200; i++) {
                if (catalog.format(info, {"ja"}).title != "位置情報を取得できません" ||
                    catalog.format(info, {"de-AT"}).title != "Unbekannter Standort")
                    mismatches[t]++;
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    CHECK_EQ(std::accumulate(mismatches.begin(), mismatches.end(), 0), 0);
}

// ---------------------------------------------------------------------------- golden vectors

// The packed format's golden vectors (Tests/vectors/packed, docs/packed-format.md): each case,
// made through this binding's API, gives what errfmt printed for it, and each rejection's text
// is the description the library wrote in the case's output.

std::string read_file(const std::string &path) {
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw std::runtime_error("cannot read " + path);
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

// The last `count` items of a packed output: its rejections' descriptions.
std::vector<std::string> last_items(const std::string &output, std::size_t count) {
    std::vector<std::string> items;
    for (std::size_t start = 0; start < output.size();) {
        std::size_t end = output.find('\0', start);
        if (end == std::string::npos)
            break;
        items.push_back(output.substr(start, end - start));
        start = end + 1;
    }
    if (count > items.size())
        return {};
    return std::vector<std::string>(items.end() - static_cast<std::ptrdiff_t>(count), items.end());
}

std::optional<std::string_view> optional_text(const test_json::Value &value) {
    if (value.is_null())
        return std::nullopt;
    return std::string_view(value.text);
}

// A nullable JSON string as the binding's optional compares: "<null>" for null and nullopt.
std::string shown_or_null(const test_json::Value &value) { return value.is_null() ? "<null>" : value.text; }
std::string shown_or_null(const std::optional<std::string> &value) { return value.value_or("<null>"); }

void add_arguments(ef::ErrorInfo &info, const test_json::Value &arguments) {
    for (const test_json::Value &argument : arguments.items) {
        const std::string &kind = argument["kind"].text;
        const std::string &value = argument["value"].text;
        if (kind == "s")
            info.add_string(value);
        else if (kind == "d")
            info.add_double(std::strtod(value.c_str(), nullptr));
        else if (kind == "u")
            info.add_uint64(std::stoull(value));
        else if (kind == "i")
            info.add_int64(std::stoll(value));
        else // "n": signed when it fits 64 signed bits, else unsigned
            try {
                info.add_int64(std::stoll(value));
            } catch (const std::out_of_range &) {
                info.add_uint64(std::stoull(value));
            }
    }
}

void test_vectors(const std::string &examples) {
    const std::string root = examples + "/..";
    const std::string vectors = root + "/Tests/vectors/packed/";
    const test_json::Value manifest = test_json::parse(read_file(vectors + "cases.json"));
    std::map<std::string, ef::Catalog> catalogs;
    int formats = 0, lookups = 0, rejections = 0;
    for (const test_json::Value &vector : manifest["cases"].items) {
        const std::string &name = vector["name"].text;
        auto same = [&](const std::string &actual, const std::string &expected, const char *what) {
            record(actual == expected, what, __FILE__, __LINE__);
            if (actual != expected)
                std::cerr << "    " << name << ": got \"" << actual << "\", expected \"" << expected << "\"\n";
        };
        const std::string &directory = vector["catalog"].text;
        if (catalogs.count(directory) == 0)
            catalogs.emplace(directory, ef::Catalog::open(root + "/" + directory));
        const ef::Catalog &catalog = catalogs.at(directory);
        std::vector<std::string> preferences;
        for (const test_json::Value &preference : vector["preferences"].items)
            preferences.push_back(preference.text);
        const std::string output = read_file(vectors + name + ".out");
        const test_json::Value expected = test_json::parse(read_file(vectors + name + ".json"));
        ef::ErrorInfo arguments("", 0);
        add_arguments(arguments, vector["arguments"]);

        if (vector["call"].text == "format") {
            formats++;
            ef::ErrorInfo info(vector["domain"].text, std::stoll(vector["code"].text));
            info.set_description(optional_text(vector["description"]))
                .set_failure_reason(optional_text(vector["failure_reason"]))
                .set_recovery_suggestion(optional_text(vector["recovery_suggestion"]))
                .set_table(optional_text(vector["table"]));
            add_arguments(info, vector["arguments"]);
            const ef::FormattedError shown = catalog.format(info, preferences);
            same(shown.title, expected["title"].text, "title");
            same(shown.message, expected["message"].text, "message");
            same(shown.button, expected["button"].text, "button");
            std::vector<std::string> stack;
            for (const test_json::Value &entry : expected["stack"].items)
                stack.push_back(entry.text);
            record(shown.stack == stack, "the stack", __FILE__, __LINE__);
            std::size_t count = 0;
            for (const char *field : {"title", "message", "button"})
                count += expected["provenance"][field]["rejections"].items.size();
            const std::vector<std::string> descriptions = last_items(output, count);
            std::size_t next = 0;
            const char *const fields[] = {"title", "message", "button"};
            for (std::size_t field = 0; field < 3; field++) {
                const ef::Provenance &origin = shown.provenance[field];
                const test_json::Value &want = expected["provenance"][fields[field]];
                same(origin.rule, want["rule"].text, "rule");
                same(shown_or_null(origin.key), shown_or_null(want["key"]), "key");
                same(shown_or_null(origin.locale), shown_or_null(want["locale"]), "locale");
                same(shown_or_null(origin.table), shown_or_null(want["table"]), "table");
                record(origin.rejections.size() == want["rejections"].items.size(), "the rejections' count",
                       __FILE__, __LINE__);
                for (const std::string &rejection : origin.rejections) {
                    same(rejection, next < descriptions.size() ? descriptions[next] : "<none>", "description");
                    next++;
                    rejections++;
                }
            }
        } else {
            lookups++;
            const ef::LookupResult found =
                catalog.lookup(vector["key"].text, preferences, optional_text(vector["table"]),
                               vector["arguments"].items.empty() ? nullptr : &arguments);
            same(shown_or_null(found.value), shown_or_null(expected["value"]), "value");
            same(shown_or_null(found.locale), shown_or_null(expected["locale"]), "locale");
            same(found.table, expected["table"].text, "table");
            const std::vector<std::string> descriptions =
                last_items(output, expected["diagnostics"].items.size());
            record(found.rejections == descriptions, "the rejections' descriptions", __FILE__, __LINE__);
            rejections += static_cast<int>(found.rejections.size());
        }
    }
    CHECK(formats >= 20 && lookups >= 6 && rejections >= 8);
}

// The mistakes of a first hour with the binding, and what each says (docs/conventions.md,
// "Failures across bindings"): a wrong catalog path, a POSIX locale with a codeset, a number
// where a text takes a string and a string where it takes a number, an integer for %.1f, and a
// call on a closed (moved-from) catalog.
void test_mistakes(const std::string &examples) {
    const std::string missing = examples + "/CoreLocaton";
    try {
        ef::Catalog::open(missing);
        CHECK(false);
    } catch (const ef::Error &error) {
        CHECK_EQ(error.status_name(), "EF_E_NOT_FOUND");
        CHECK_EQ(error.message(), "no such catalog directory");
        CHECK(error.file() == missing);
        CHECK_EQ(std::string(error.what()), missing + ": no such catalog directory");
    }

    ef::Catalog core_location = ef::Catalog::open(examples + "/CoreLocation");
    ef::FormattedError shown = core_location.format(ef::ErrorInfo("kCLErrorDomain", 0), {"fr_FR.UTF-8"});
    CHECK_EQ(shown.title, "Position inconnue");
    CHECK(shown.of(ef::Field::title).locale == std::optional<std::string>("fr"));

    const std::string rejected_size = "errors.SyncErrorDomain.3.message in en/Localizable: '%f' needs a "
                                      "floating-point argument but argument 1 is a string [wrong-argument-type]";
    ef::Catalog sync = ef::Catalog::open(examples + "/Sync");
    for (int integral = 0; integral < 2; integral++) {
        ef::ErrorInfo size("SyncErrorDomain", 3);
        if (integral == 0)
            size.add(12);
        else
            size.add(12.0);
        size.add(std::string("Backup"));
        CHECK_EQ(sync.format(size, {"en"}).message, "12.0 MB more are needed on “Backup”.");
    }
    ef::ErrorInfo file("SyncErrorDomain", 1);
    file.add(42);
    CHECK_EQ(sync.format(file, {"en"}).message, "“42” is open in another app.");
    ef::ErrorInfo files("SyncErrorDomain", 2);
    files.add(3.0);
    CHECK_EQ(sync.format(files, {"en"}).message, "3 files could not be synced.");

    // A string where the text takes a number: recorded by default, an Error when asked.
    ef::ErrorInfo wrong("SyncErrorDomain", 3);
    wrong.add(std::string("12")).add(std::string("Backup"));
    ef::FormattedError fallback = sync.format(wrong, {"en"});
    CHECK_EQ(fallback.message, "Please try again later.");
    CHECK(fallback.of(ef::Field::message).rejections == std::vector<std::string>{rejected_size});
    ef::Catalog::OpenOptions strict_options;
    strict_options.fail_on_rejection = true;
    ef::Catalog strict = ef::Catalog::open(examples + "/Sync", strict_options);
    ef::Failure failure = CHECK_THROWS(EF_E_REJECTED, strict.format(wrong, {"en"}));
    CHECK_EQ(failure.message, rejected_size);
    CHECK_EQ(ef::status_name(EF_E_REJECTED), "EF_E_REJECTED");

    // A moved-from catalog is closed.
    ef::Catalog moved = std::move(sync);
    failure = CHECK_THROWS(EF_E_INVALID_ARGUMENT, sync.format(file, {"en"})); // NOLINT(bugprone-use-after-move)
    CHECK_EQ(failure.message, "the catalog is closed");
    failure = CHECK_THROWS(EF_E_INVALID_ARGUMENT, sync.lookup("errors.title")); // NOLINT(bugprone-use-after-move)
    CHECK_EQ(failure.message, "the catalog is closed");

    // A moved-from live catalog is closed too, and says so in the same words.
    ef::LiveCatalog::Options no_thread;
    no_thread.check_interval_ms = 0;
    ef::LiveCatalog live = ef::LiveCatalog::open(examples + "/Sync", no_thread);
    ef::LiveCatalog kept = std::move(live);
    failure = CHECK_THROWS(EF_E_INVALID_ARGUMENT, live.reload()); // NOLINT(bugprone-use-after-move)
    CHECK_EQ(failure.message, "the catalog is closed");
    failure = CHECK_THROWS(EF_E_INVALID_ARGUMENT, live.last_error()); // NOLINT(bugprone-use-after-move)
    CHECK_EQ(failure.message, "the catalog is closed");
    failure = CHECK_THROWS(EF_E_INVALID_ARGUMENT, live.current().format(file, {"en"})); // NOLINT(bugprone-use-after-move)
    CHECK_EQ(failure.message, "the catalog is closed");
    CHECK_EQ(live.generation(), 0u); // NOLINT(bugprone-use-after-move)
    CHECK_EQ(kept.generation(), 1u);
}

} // namespace

// Problem responses: a body and headers checked by hand, the header and list forms alike, refusals.
static void test_problem(const std::string &examples) {
    using namespace errorformatter;
    Catalog catalog = Catalog::open(examples + "/CoreLocation");
    ErrorInfo offline("kCLErrorDomain", 2);
    ProblemOptions options;
    options.status = 503;
    options.instance = "/r/1";
    Problem made = problem(catalog, offline, std::string_view("fr-CA"), options);
    CHECK_EQ(made.status, 503);
    CHECK_EQ(made.headers.size(), std::size_t(3));
    CHECK_EQ(made.header("content-language").value_or(""), std::string("fr, fr-CA"));
    CHECK_EQ(made.header("Vary").value_or(""), std::string("Accept-Language"));
    CHECK_EQ(made.body, std::string("{\"type\":\"about:blank\",\"title\":\"Pas d\xE2\x80\x99Internet\",\"status\":503,"
                                    "\"detail\":\"Internet n\xE2\x80\x99" "est pas accessible ou une erreur est survenue.\","
                                    "\"instance\":\"/r/1\"}"));
    CHECK(made == problem(catalog, offline, Locales{"fr-CA"}, options));
    // A header no table matches, or none: the development locale.
    CHECK_EQ(problem(catalog, offline, std::string_view("\xFF garbage"), options).header("Content-Language").value_or(""),
             std::string("en"));
    CHECK(problem(catalog, offline, std::nullopt, options) == problem(catalog, offline, Locales{}, options));
    options.status = 99;
    bool refused = false;
    try {
        problem(catalog, offline, std::nullopt, options);
    } catch (const Error &error) {
        refused = error.status() == EF_E_INVALID_ARGUMENT;
    }
    CHECK(refused);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " <Examples directory>\n";
        return 2;
    }
    const std::string examples = argv[1];
    try {
        test_version();
        test_catalog(examples);
        test_open_failures(examples);
        test_compiled_and_on_demand(examples);
        test_mapped(examples);
        test_numbers();
        test_format(examples);
        test_arguments(examples);
        test_lookup(examples);
        test_builder();
        test_locales();
        test_lint(examples);
        test_threads(examples);
        test_vectors(examples);
        test_mistakes(examples);
        test_problem(examples);
    } catch (const std::exception &error) {
        failed++;
        std::cerr << "unexpected exception: " << error.what() << '\n';
    }
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? 0 : 1;
}
