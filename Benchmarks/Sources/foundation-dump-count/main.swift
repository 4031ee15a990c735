// foundation-dump-count: Foundation's side of load-bench. What `errfmt dump --count FILE...`
// does, done with PropertyListSerialization: read each file, parse it, and print
// `file<TAB>ok|error<TAB>entries`, a table being a property list whose top level is a
// dictionary. It links Foundation only, as a program that parses with Foundation would.
import Foundation

var output = ""
var status: Int32 = 0
for path in CommandLine.arguments.dropFirst() {
    var entries: Int?
    if let data = FileManager.default.contents(atPath: path),
       let table = (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) as? NSDictionary {
        entries = table.count
    }
    if entries == nil { status = 1 }
    output += "\(path)\t\(entries == nil ? "error" : "ok")\t\(entries ?? 0)\n"
}
FileHandle.standardOutput.write(Data(output.utf8))
exit(status)
