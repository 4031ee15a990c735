// test_live.cpp -- LiveCatalog (errorformatter.hpp) against the real library: changes taken by
// reload() and by the library's thread, refusals reported and never served, versions that
// outlive their live catalog, and four threads reading while the catalog is replaced.
//
// usage: test_live <Examples directory>; the last line is "N passed, N failed".
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "errorformatter.hpp"

namespace ef = errorformatter;
namespace fs = std::filesystem;

namespace {

int passed = 0;
int failed = 0;

void record(bool ok, const char *expression, int line) {
    if (ok) {
        passed++;
    } else {
        failed++;
        std::cerr << __FILE__ << ':' << line << ": check failed: " << expression << '\n';
    }
}
#define CHECK(condition) record((condition), #condition, __LINE__)

// How long a check waits for what it expects (a hang guard, not a measurement).
constexpr auto patience = std::chrono::seconds(30);

template <typename Condition> bool eventually(Condition condition) {
    auto deadline = std::chrono::steady_clock::now() + patience;
    while (std::chrono::steady_clock::now() < deadline) {
        if (condition())
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return false;
}

// Writes `text` beside `path` and renames it over `path`.
void replace(const fs::path &path, const std::string &text) {
    fs::create_directories(path.parent_path());
    fs::path temporary = path;
    temporary += ".new";
    std::ofstream(temporary, std::ios::binary) << text;
    fs::rename(temporary, path);
}

std::string version_text(int version) {
    return "\"errors.Live.1.title\" = \"Version " + std::to_string(version) + "\";\n";
}

std::string served(const ef::Catalog &catalog) {
    return catalog.format(ef::ErrorInfo("Live", 1), {"en"}).title;
}

std::optional<ef::Status> refusal(const ef::LiveCatalog &live) {
    auto error = live.last_error();
    return error ? std::optional<ef::Status>(error->status) : std::nullopt;
}

fs::path scratch(const std::string &name) {
    fs::path directory = fs::temp_directory_path() / ("errorformatter-cpp-live-" + name + "-" +
                                                      std::to_string(getpid()));
    fs::remove_all(directory);
    fs::create_directories(directory);
    return directory;
}

void test_example(const std::string &examples) {
    ef::LiveCatalog::Options options;
    options.check_interval_ms = 0;
    std::optional<ef::Catalog> kept;
    {
        auto live = ef::LiveCatalog::open(examples + "/CoreLocation", options);
        CHECK(live.generation() == 1);
        CHECK(!live.last_error());
        kept.emplace(live.current());
        CHECK(kept->format(ef::ErrorInfo("kCLErrorDomain", 0), {"fr-CA"}).title == "Emplacement inconnu");
    }
    // The live catalog is gone; the version taken from it is not.
    CHECK(kept->format(ef::ErrorInfo("kCLErrorDomain", 0), {"fr-CA"}).title == "Emplacement inconnu");

    ef::LiveCatalog empty;
    CHECK(!empty && !empty.current());
    CHECK(empty.try_reload() == EF_E_INVALID_ARGUMENT);
    ef::Failure failure;
    CHECK(ef::LiveCatalog::try_open(empty, examples + "/missing", options, &failure) == EF_E_NOT_FOUND);
    CHECK(!empty);
}

void test_reloads(void) {
    fs::path directory = scratch("reload");
    fs::path catalog = directory / "catalog";
    fs::path table = catalog / "en.lproj" / "Localizable.strings";
    replace(table, version_text(1));
    ef::LiveCatalog::Options options;
    options.mode = ef::Catalog::Mode::strict;
    options.check_interval_ms = 0;
    auto live = ef::LiveCatalog::open(catalog.string(), options);
    ef::Catalog first = live.current();

    replace(table, version_text(2));
    live.reload();
    CHECK(live.generation() == 2 && served(live.current()) == "Version 2");
    CHECK(served(first) == "Version 1");

    replace(table, version_text(3) + "\"b\" = \"never closed\n");
    try {
        live.reload();
        CHECK(!"a broken table is refused");
    } catch (const ef::Error &error) {
        CHECK(error.status() == EF_E_PARSE);
        CHECK(error.file() == std::optional<std::string>("en.lproj/Localizable.strings") && error.line() == 2);
    }
    CHECK(refusal(live) == EF_E_PARSE);
    CHECK(live.generation() == 2 && served(live.current()) == "Version 2");

    fs::rename(catalog, directory / "gone");
    CHECK(live.try_reload() == EF_E_NOT_FOUND);
    CHECK(refusal(live) == EF_E_NOT_FOUND);
    CHECK(served(live.current()) == "Version 2");

    fs::rename(directory / "gone", catalog);
    replace(table, version_text(4));
    live.reload();
    CHECK(live.generation() == 3 && served(live.current()) == "Version 4" && !live.last_error());
    fs::remove_all(directory);
}

void test_threads(void) {
    fs::path directory = scratch("threads");
    fs::path table = directory / "en.lproj" / "Localizable.strings";
    replace(table, version_text(1));
    ef::LiveCatalog::Options options;
    options.mode = ef::Catalog::Mode::strict;
    options.check_interval_ms = 5;
    options.debounce_ms = 20;
    auto live = ef::LiveCatalog::open(directory.string(), options);
    constexpr int versions = 40;
    std::atomic<bool> stop{false};
    std::atomic<int> bad_reads{0};
    std::vector<std::thread> readers;
    for (int reader = 0; reader < 4; reader++) {
        readers.emplace_back([&] {
            int newest = 1;
            while (!stop.load(std::memory_order_relaxed)) {
                std::string title = served(live.current());
                int number = title.rfind("Version ", 0) == 0 ? std::atoi(title.c_str() + 8) : -1;
                // Only good versions, never one older than a version seen before.
                if (number < newest || number > versions)
                    bad_reads++;
                else
                    newest = number;
            }
        });
    }
    for (int version = 2; version <= versions; version++) {
        if (version % 5 == 0) {
            replace(table, "\"errors.Live.1.title\" = \"Version 999\";\n\"b\" = \"");
            CHECK(eventually([&] { return refusal(live) == EF_E_PARSE; }));
        }
        replace(table, version_text(version));
        std::string expected = "Version " + std::to_string(version);
        CHECK(eventually([&] { return served(live.current()) == expected; }));
    }
    stop = true;
    for (auto &reader : readers)
        reader.join();
    CHECK(bad_reads == 0);
    fs::remove_all(directory);
}

} // namespace

// The open's options reach every version, the first and those reloaded after it.
void test_open_options(void) {
    fs::path catalog = scratch("options");
    replace(catalog / "en.lproj" / "Localizable.strings", "\"errors.Live.1.title\" = \"%lld files\";\n");
    fs::path german = catalog / "de.lproj" / "Localizable.strings";
    replace(german, "\"errors.Live.1.title\" = \"%lld Dateien\";\n");
    ef::LiveCatalog::Options options;
    options.localized_numbers = true;
    options.pseudo_locales = true;
    options.fail_on_rejection = true;
    options.check_interval_ms = 0;
    auto live = ef::LiveCatalog::open(catalog.string(), options);
    ef::ErrorInfo count("Live", 1);
    count.add_int64(1234567);
    for (std::uint64_t generation = 1; generation <= 2; generation++) {
        CHECK(live.generation() == generation);
        ef::Catalog version = live.current();
        CHECK(version.format(count, {"de"}).title == "1.234.567 Dateien");
        ef::FormattedError pseudo = version.format(count, {"en-XA"});
        CHECK(!pseudo.title.empty() && pseudo.title.front() == '[');
        CHECK(pseudo.of(ef::Field::title).locale.value_or("-") == "en-XA");
        try {
            version.format(ef::ErrorInfo("Live", 1), {"en"});
            CHECK(!"a missing argument is refused");
        } catch (const ef::Error &error) {
            CHECK(error.status() == EF_E_REJECTED);
        }
        replace(german, "\"errors.Live.1.title\" = \"%lld Dateien\";\n\"other\" = \"x\";\n");
        if (generation == 1)
            live.reload();
    }
    fs::remove_all(catalog);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " <Examples directory>\n";
        return 2;
    }
    try {
        test_example(argv[1]);
        test_reloads();
        test_open_options();
        test_threads();
    } catch (const std::exception &error) {
        failed++;
        std::cerr << "unexpected exception: " << error.what() << '\n';
    }
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? 0 : 1;
}
