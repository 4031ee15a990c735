#if canImport(Glibc)
import Glibc
#endif

/// Problem responses (RFC 9457) built once, in the core, for every caller: an error plus the
/// request's `Accept-Language` header (or a preference list) plus ``ProblemOptions`` give the
/// status, the header fields and the JSON body (``ProblemWriter``), with the title and detail
/// formatted on the serving roads, so a problem costs a format plus its JSON.
///
/// The header is read as it arrived (``AcceptLanguageRanges``): a header, or part of one, that
/// is not `Accept-Language` (garbage bytes, not UTF-8, a range no table has) only gives fewer
/// preferences, and none gives the development locale; never an error.
package enum Problems {
    /// The packed output (``ProblemLayout``) of `request`'s problem response, written into
    /// `buffer` when it fits `capacity` bytes (negative: room for anything); its length either
    /// way. The preferences are the header's when `acceptLanguage` is not NULL (then `count`
    /// must be 0), else `locales`.
    ///
    /// - Throws: `invalidArgument` (the options, a header given with a preference list, the
    ///   preferences as `ef_format` checks them), `invalidUTF8`, `outOfMemory`.
    package static func writePacked(
        _ request: ErrorRequest, catalog: Catalog, acceptLanguage: UnsafePointer<CChar>?,
        locales: Serving.CLocales, count: Int, status: Int, typeTemplate: UnsafePointer<CChar>?,
        instance: UnsafePointer<CChar>?, members: UInt32, into buffer: UnsafeMutableRawPointer?, capacity: Int
    ) throws(ServingError) -> Int {
        let typeTemplate = ProblemParameters.bytes(typeTemplate), instance = ProblemParameters.bytes(instance)
        // What the header reader looks at: the first bytes, and one more to know that the header
        // is longer than those (it is then cut after the last entry that ends within them).
        let header = acceptLanguage.map {
            UnsafeRawBufferPointer(start: $0, count: strnlen($0, Limits.maximumAcceptLanguageBytes + 1))
        }
        // 1, 2. What the catalog keeps, for a call whose options pass what its keys do not vouch
        //    for; any other call takes the full road, whose checks report it.
        var templateDeclined = false
        if acceptLanguage == nil || count == 0,
           let parameters = ProblemParameters(
               keyedStatus: status, typeTemplate: typeTemplate, instance: instance, members: members),
           let length = remembered(request, catalog: catalog, header: header, locales: locales, count: count,
                                   parameters: parameters, into: buffer, capacity: capacity,
                                   templateDeclined: &templateDeclined) {
            return length
        }
        let parameters = try ProblemParameters(
            status: status, typeTemplate: typeTemplate, instance: instance, members: members)
        if acceptLanguage != nil, count != 0 {
            throw ServingError.invalidArgument("locale_count must be 0 when accept_language is given")
        }
        func writeKey(_ key: inout MemoKey) {
            KeptProblem.writeKey(&key, request: request, header: header, locales: locales, count: count,
                                 parameters: parameters)
        }
        func writeTemplateKey(_ key: inout MemoKey) {
            KeptProblem.writeKey(&key, kind: .problemTemplate, request: request, header: header, locales: locales,
                                 count: count, parameters: parameters)
            ResultReuse.writeArgumentKinds(of: request.arguments, into: &key)
        }
        // 3. The serving roads for the formatted error, then the response written around it.
        let code = request.code
        return try UTF8Bytes.with(request.domain) { domain in
            Result { () throws(ServingError) -> Int in
                try ProblemType.checkLength(template: parameters.typeTemplate, domain: domain, code: code)
                return try withPreferences(header: header, locales: locales, count: count, catalog: catalog) {
                    locales, count throws(ServingError) in
                    // A template declines a call only when its plan does, or when the message
                    // comes out empty (rare): the plan is not tried twice.
                    try Serving.withFormatted(request, catalog: catalog, locales: locales, count: count,
                                              planDeclined: templateDeclined) { block in
                        ProblemFields.withFields(ofBlock: block) { fields in
                            let (length, instance) = write(fields, catalog: catalog, parameters: parameters,
                                                           domain: domain, code: code, into: buffer, capacity: capacity)
                            let reusable = ResultReuse.mayReuse(
                                hasArguments: request.hasArguments,
                                showsCallerText: fields.titleSource.isCallerText || fields.messageSource.isCallerText)
                            if reusable, let buffer, capacity < 0 || length <= capacity,
                               let kept = KeptProblem(UnsafeRawBufferPointer(start: buffer, count: length),
                                                      instance: instance) {
                                Serving.keep(kept, cost: kept.cost, in: catalog, writeKey)
                            } else if !reusable {
                                keepTemplate(request, catalog: catalog, locales: locales, count: count,
                                             parameters: parameters, domain: domain, code: code, writeTemplateKey)
                            }
                            return length
                        }
                    }
                }
            }
        }.get()
    }

    /// The response of a C call from what the catalog keeps, written into `buffer` when it fits
    /// `capacity` bytes (negative: room for anything): its length, or `nil` when the call must
    /// take the full road.
    ///
    /// 1. A response kept for the key (an error without arguments that shows none of its own
    ///    texts): only its instance is this call's.
    /// 2. A template of the key's plan (``ProblemTemplate``): this call's texts and instance
    ///    written between its bytes; `templateDeclined` says that one was found and could not
    ///    answer the call.
    ///
    /// Nothing is checked that the key holds (the error, the preferences, the type template):
    /// only checked calls kept anything, under the bytes they passed.
    @inline(__always)
    private static func remembered(
        _ request: ErrorRequest, catalog: Catalog, header: UnsafeRawBufferPointer?, locales: Serving.CLocales,
        count: Int, parameters: ProblemParameters, into buffer: UnsafeMutableRawPointer?, capacity: Int,
        templateDeclined: inout Bool
    ) -> Int? {
        // One key for both probes: the response's, then (its kind replaced, the arguments' kinds
        // appended) the template's.
        MemoKey.writing { key -> Int? in
            KeptProblem.writeKey(&key, request: request, header: header, locales: locales, count: count,
                                 parameters: parameters)
            var output = ProblemOutput(buffer: buffer, capacity: capacity)
            if !request.hasArguments, let kept = Serving.find(catalog, key) {
                KeptProblem.kept(at: kept)._withUnsafeGuaranteedRef {
                    $0.write(instance: parameters.instance, to: &output)
                }
                return output.length
            }
            key.setKind(MemoFamily.Kind.problemTemplate.rawValue)
            let arguments = request.arguments
            ResultReuse.writeArgumentKinds(of: arguments, into: &key)
            guard let template = Serving.find(catalog, key) else { return nil }
            let written = ProblemTemplate.kept(at: template)._withUnsafeGuaranteedRef {
                $0.write(arguments: arguments, text: request.text, instance: parameters.instance, to: &output)
            }
            templateDeclined = !written
            return written ? output.length : nil
        }
    }

    /// Keeps the template of the plan the catalog keeps for `request` (when it has one, and no
    /// template is kept under the key yet), for the later calls with its key.
    private static func keepTemplate(
        _ request: ErrorRequest, catalog: Catalog, locales: Serving.CLocales, count: Int,
        parameters: ProblemParameters, domain: UnsafeRawBufferPointer, code: Int64,
        _ writeKey: (inout MemoKey) -> Void
    ) {
        guard Serving.find(catalog, writeKey) == nil,
              let plan = Serving.keptPlan(request, catalog: catalog, locales: locales, count: count)
        else { return }
        let made = plan._withUnsafeGuaranteedRef {
            ProblemTemplate(plan: $0, catalog: catalog, parameters: parameters, domain: domain, code: code)
        }
        if let made { Serving.keep(made, cost: made.cost, in: catalog, writeKey) }
    }

    /// `body` applied to the preference list of a C call: the ranges of the header, best first,
    /// as C strings (``HeaderPreferences``, kept by the catalog under the header's bytes), or the
    /// caller's list.
    ///
    /// - Throws: what `body` throws; `outOfMemory`.
    private static func withPreferences<Answer>(
        header: UnsafeRawBufferPointer?, locales: Serving.CLocales, count: Int, catalog: Catalog,
        _ body: (Serving.CLocales, Int) throws(ServingError) -> Answer
    ) throws(ServingError) -> Answer {
        guard let header else { return try body(locales, count) }
        func writeKey(_ key: inout MemoKey) {
            key.append(byte: MemoFamily.Kind.acceptLanguage.rawValue)
            key.appendTerminated(header)
        }
        if let kept = Serving.find(catalog, writeKey) {
            // `_withUnsafeGuaranteedRef` rethrows untyped: the answer crosses it as a value.
            return try HeaderPreferences.kept(at: kept)._withUnsafeGuaranteedRef { preferences in
                Result { () throws(ServingError) in try body(preferences.locales, preferences.count) }
            }.get()
        }
        guard let preferences = HeaderPreferences(header: header) else { throw ServingError.outOfMemory }
        Serving.keep(preferences, cost: preferences.cost, in: catalog, writeKey)
        return try withExtendedLifetime(preferences) { () throws(ServingError) -> Answer in
            try body(preferences.locales, preferences.count)
        }
    }

    /// Writes the output of a formatted error's fields: its length, and where its instance
    /// member is.
    private static func write(
        _ fields: ProblemFields, catalog: Catalog, parameters: ProblemParameters, domain: UnsafeRawBufferPointer,
        code: Int64, into buffer: UnsafeMutableRawPointer?, capacity: Int
    ) -> (length: Int, instance: Range<Int>) {
        ContentLanguage.withValue(
            title: fields.titleSource, detail: fields.message.count > 0 ? fields.messageSource : nil, catalog: catalog
        ) { language in
            var output = ProblemOutput(buffer: buffer, capacity: capacity)
            let marks = ProblemWriter.write(fields, contentLanguage: language, parameters: parameters,
                                            domain: domain, code: code, to: &output)
            return (output.length, marks.instance)
        }
    }

    // MARK: - The Swift road

    /// The response for a Swift value formatted already, made by the same writer.
    static func response(
        _ formatted: FormattedError, error: ErrorInfo, catalog: Catalog, options: ProblemOptions
    ) throws(ProblemError) -> ProblemResponse {
        let made: Result<ProblemResponse, ServingError> = UTF8Bytes.with(options.typeTemplate) { template in
            UTF8Bytes.with(options.instance ?? "") { instance in
                UTF8Bytes.with(error.domain) { domain in
                    Result { () throws(ServingError) -> ProblemResponse in
                        let parameters = try ProblemParameters(
                            status: options.status, typeTemplate: template, instance: instance,
                            members: options.members.rawValue)
                        try ProblemType.checkLength(template: parameters.typeTemplate, domain: domain, code: error.code)
                        return ProblemFields.withFields(of: formatted) { fields in
                            var capacity = 512
                            while true {
                                var bytes = [UInt8](repeating: 0, count: capacity)
                                let length = bytes.withUnsafeMutableBytes { buffer in
                                    write(fields, catalog: catalog, parameters: parameters, domain: domain,
                                          code: error.code, into: buffer.baseAddress, capacity: buffer.count).length
                                }
                                if length <= capacity {
                                    // The writer's own output: always a response.
                                    return bytes.withUnsafeBytes {
                                        ProblemLayout.response(UnsafeRawBufferPointer(rebasing: $0[0..<length]))
                                    } ?? ProblemResponse(status: parameters.status, headerFields: [], body: "")
                                }
                                capacity = length
                            }
                        }
                    }
                }
            }
        }
        do {
            return try made.get()
        } catch {
            throw ProblemError(message: error.message)
        }
    }
}

/// Why a problem response could not be made: an option is unusable (a status that is not an
/// HTTP status, a type URI too long, an unknown member).
public struct ProblemError: Error, Sendable, Hashable {
    /// One line.
    public var message: String
}

extension ErrorMessageFormatter {
    /// The problem response (RFC 9457) for `error`, its title and detail formatted for the
    /// preferences of an HTTP `Accept-Language` header (`nil`: the request had none, which
    /// means the development locale, as an empty or malformed header does).
    ///
    /// The same bytes as `ef_format_problem` and every binding give for the same catalog, error,
    /// header and options.
    ///
    /// - Throws: ``ProblemError`` for unusable options.
    public func problem(
        _ error: ErrorInfo, acceptLanguage: String?, options: ProblemOptions = ProblemOptions()
    ) throws(ProblemError) -> ProblemResponse {
        let preferences = acceptLanguage.map(Locales.preferencesFromAcceptLanguage) ?? []
        return try problem(error, preferences: preferences, options: options)
    }

    /// The same for a header given as the bytes it arrived as, which need not be UTF-8 (a part
    /// that is not is malformed, and ignored).
    package func problem(
        _ error: ErrorInfo, acceptLanguageBytes header: [UInt8]?, options: ProblemOptions
    ) throws(ProblemError) -> ProblemResponse {
        let preferences = header.map { header in
            header.withUnsafeBytes { bytes in
                AcceptLanguageRanges.withRanges(bytes) { ranges in
                    ranges.map { String(decoding: $0.bytes(in: bytes), as: UTF8.self) }
                }
            }
        } ?? []
        return try problem(error, preferences: preferences, options: options)
    }

    /// The problem response for `error`, formatted for a preference list (most preferred first,
    /// any locale spelling; empty: the development locale).
    ///
    /// - Throws: ``ProblemError`` for unusable options.
    public func problem(
        _ error: ErrorInfo, preferences: [String], options: ProblemOptions = ProblemOptions()
    ) throws(ProblemError) -> ProblemResponse {
        try Problems.response(format(error, preferences: preferences), error: error, catalog: catalog, options: options)
    }
}
