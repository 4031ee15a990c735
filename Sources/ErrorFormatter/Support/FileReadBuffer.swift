#if canImport(Glibc)
import Glibc
#endif

/// One buffer that whole files are read into one after another, for a tool that reads many
/// (`errfmt dump` over a corpus).
///
/// Why: `FileSystem.readBytes` returns a new array per file. Reading the next file into the
/// memory the previous one used costs no allocation, and that memory is still in the
/// processor's caches, where the kernel's copy of the next file then lands.
package final class FileReadBuffer {
    private var storage: UnsafeMutableRawPointer?
    private var capacity = 0

    package init() {}

    deinit { storage?.deallocate() }

    /// Reads the whole regular file at `path` (opened as `FileSystem.readBytes` opens it),
    /// refusing more than `limit` bytes, and calls `body` with its bytes: they are valid only
    /// during the call, and are not copied anywhere else.
    package func withContents<Result>(
        ofFileAtPath path: String, limit: Int = Int.max, _ body: (UnsafeRawBufferPointer) -> Result
    ) throws(FileSystemError) -> Result {
        let (descriptor, size) = try FileSystem.openRegularFile(atPath: path)
        defer { close(descriptor) }
        return try withContents(ofDescriptor: descriptor, size: size, limit: limit, path: path, body)
    }

    /// Reads an open regular file to its end, whatever `size` (what `fstat` said: a file may
    /// grow or shrink meanwhile, and `/proc` files say 0), and calls `body` with its bytes.
    func withContents<Result>(
        ofDescriptor descriptor: Int32, size: Int, limit: Int, path: String, _ body: (UnsafeRawBufferPointer) -> Result
    ) throws(FileSystemError) -> Result {
        guard size <= limit else { throw FileSystem.tooLarge(path, limit) }
        // One byte more than announced: a file that did not grow leaves it unfilled.
        reserve(size < Int.max ? size + 1 : size, keeping: 0)
        var count = 0
        while true {
            guard let base = storage else { break }
            let wanted = capacity - count
            let got = read(descriptor, base + count, wanted)
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileSystem.error(path, errno)
            }
            count += got
            guard count <= limit else { throw FileSystem.tooLarge(path, limit) }
            // The file grew (or fstat said 0, as /proc does): go on with twice the room.
            if count == capacity { reserve(capacity > Int.max / 2 ? Int.max : capacity * 2, keeping: count) }
        }
        return body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Makes room for at least `bytes` bytes, keeping the first `kept` bytes it holds.
    private func reserve(_ bytes: Int, keeping kept: Int) {
        guard bytes > capacity else { return }
        // Grown geometrically, so that a corpus of growing files does not reallocate each time.
        let newCapacity = max(bytes, capacity > Int.max / 2 ? Int.max : capacity * 2, 64 * 1024)
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        if let old = storage {
            grown.copyMemory(from: old, byteCount: kept)
            old.deallocate()
        }
        storage = grown
        capacity = newCapacity
    }
}
