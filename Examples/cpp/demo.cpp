// demo.cpp -- formats the cross-binding cases through the C++ binding (bindings/cpp).
//
// usage: demo-cpp <cases file>          (Examples/cases.tsv)
//
// Prints one record per case in the format of Examples/README.md, identical to the C, Python,
// Rust, Swift and errfmt demos', so that they can be diffed.
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "errorformatter.hpp"

namespace ef = errorformatter;

namespace {

constexpr std::size_t fixed_fields = 8; // catalog .. table; the arguments follow

// A malformed cases file.
struct CasesError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::vector<std::string> split(const std::string &text, char separator) {
    std::vector<std::string> parts;
    std::string::size_type start = 0;
    for (;;) {
        std::string::size_type end = text.find(separator, start);
        parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos)
            return parts;
        start = end + 1;
    }
}

std::string unescaped(const std::string &field) {
    std::string out;
    for (std::size_t i = 0; i < field.size(); i++) {
        if (field[i] != '\\') {
            out += field[i];
            continue;
        }
        char next = i + 1 < field.size() ? field[++i] : '\0';
        switch (next) {
        case '\\': out += '\\'; break;
        case 't': out += '\t'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        default: throw CasesError("unknown escape in \"" + field + "\"");
        }
    }
    return out;
}

std::string escaped(const std::string &text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '\\': out += "\\\\"; break;
        case '\t': out += "\\t"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        default: out += c;
        }
    }
    return out;
}

std::optional<std::string> optional_field(const std::string &field) {
    if (field == "-")
        return std::nullopt;
    return unescaped(field);
}

// Whole-string numbers, as the C demo parses them (strtoll, strtoull, strtod).
template <typename Number, typename Parse> Number parse_number(const std::string &text, Parse parse) {
    char *end = nullptr;
    errno = 0;
    Number value = parse(text.c_str(), &end);
    if (errno != 0 || text.empty() || end != text.c_str() + text.size())
        throw CasesError("malformed number \"" + text + "\"");
    return value;
}

std::int64_t parse_int64(const std::string &text) {
    return parse_number<std::int64_t>(text, [](const char *s, char **e) { return std::strtoll(s, e, 10); });
}

void add_argument(ef::ErrorInfo &info, const std::string &field) {
    if (field.size() < 2 || field[1] != ':')
        throw CasesError("argument \"" + field + "\" has no type (s:, i:, u: or d:)");
    std::string text = field.substr(2);
    switch (field[0]) {
    case 's': info.add_string(unescaped(text)); return;
    case 'i': info.add_int64(parse_int64(text)); return;
    case 'u':
        if (!text.empty() && text[0] == '-')
            throw CasesError("negative uint64 \"" + text + "\"");
        info.add_uint64(parse_number<std::uint64_t>(
            text, [](const char *s, char **e) { return std::strtoull(s, e, 10); }));
        return;
    case 'd':
        info.add_double(parse_number<double>(text, [](const char *s, char **e) { return std::strtod(s, e); }));
        return;
    default: throw CasesError("argument \"" + field + "\" has an unknown type");
    }
}

// A provenance value: nullopt (no key rule) is "-", the unlocalized tables' "" is "(unlocalized)".
std::string origin(const std::optional<std::string> &value, bool is_locale = false) {
    if (!value)
        return "-";
    if (is_locale && value->empty())
        return "(unlocalized)";
    return escaped(*value);
}

void print_record(const std::string &locales_field, const std::string &domain, std::int64_t code,
                  const ef::FormattedError &shown) {
    static const char *const names[] = {"title", "message", "button"};
    std::ostringstream out;
    out << locales_field << '\t' << escaped(domain) << '\t' << code << "\ttitle=" << escaped(shown.title)
        << "\tmessage=" << escaped(shown.message) << "\tbutton=" << escaped(shown.button) << '\n';
    for (std::size_t field = 0; field < 3; field++) {
        const ef::Provenance &where = shown.provenance[field];
        out << '\t' << names[field] << "\trule=" << escaped(where.rule) << "\tkey=" << origin(where.key)
            << "\tlocale=" << origin(where.locale, true) << "\ttable=" << origin(where.table) << '\n';
    }
    out << "\tstack\t";
    for (std::size_t i = 0; i < shown.stack.size(); i++)
        out << (i > 0 ? "," : "") << (shown.stack[i].empty() ? "(unlocalized)" : escaped(shown.stack[i]));
    out << '\n';
    for (std::size_t field = 0; field < 3; field++)
        for (const std::string &rejection : shown.provenance[field].rejections)
            out << "\trejected\t" << names[field] << '\t' << escaped(rejection) << '\n';
    std::cout << out.str();
}

void print_diagnostics(const ef::Catalog &catalog) {
    static const char *const severities[] = {"error", "warning", "note"};
    for (const ef::Diagnostic &diagnostic : catalog.diagnostics()) {
        auto severity = static_cast<std::size_t>(diagnostic.severity);
        std::cerr << diagnostic.file.value_or("(catalog)") << ':' << diagnostic.line << ':'
                  << diagnostic.column << ": " << (severity < 3 ? severities[severity] : "unknown") << ": "
                  << diagnostic.message << " [" << diagnostic.code << "]\n";
    }
}

int run(const std::string &cases_path) {
    std::ifstream cases(cases_path, std::ios::binary);
    if (!cases) {
        std::cerr << "demo: cannot read " << cases_path << '\n';
        return 1;
    }
    std::string::size_type slash = cases_path.rfind('/');
    std::string directory = slash == std::string::npos ? "" : cases_path.substr(0, slash + 1);
    std::map<std::string, ef::Catalog> catalogs;
    std::string line;
    while (std::getline(cases, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::vector<std::string> fields = split(line, '\t');
        if (fields.size() < fixed_fields)
            throw CasesError("a case with " + std::to_string(fields.size()) + " fields, at least 8 expected");
        std::string name = unescaped(fields[0]);
        auto found = catalogs.find(name);
        if (found == catalogs.end()) {
            found = catalogs.emplace(name, ef::Catalog::open(directory + name, "en")).first;
            print_diagnostics(found->second);
        }
        std::vector<std::string> locales;
        if (fields[1] != "-")
            locales = split(fields[1], ',');
        std::string domain = unescaped(fields[2]);
        std::int64_t code = parse_int64(unescaped(fields[3]));
        ef::ErrorInfo info(domain, code);
        info.set_description(optional_field(fields[4]))
            .set_failure_reason(optional_field(fields[5]))
            .set_recovery_suggestion(optional_field(fields[6]))
            .set_table(optional_field(fields[7]));
        for (std::size_t i = fixed_fields; i < fields.size(); i++)
            add_argument(info, fields[i]);
        print_record(fields[1], domain, code, found->second.format(info, locales));
    }
    return 0;
}

} // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " <cases file>\n";
        return 2;
    }
    if (ef::version_number() / 10000 != EF_VERSION_MAJOR) {
        std::cerr << "demo: built for ABI " << EF_VERSION_MAJOR << ", loaded liberrorformatter "
                  << ef::version_string() << '\n';
        return 1;
    }
    try {
        return run(argv[1]);
    } catch (const ef::Error &error) {
        std::cerr << "demo: " << error.what() << " (" << error.status_name() << ")\n";
    } catch (const CasesError &error) {
        std::cerr << "demo: " << argv[1] << ": " << error.what() << '\n';
    }
    return 1;
}
