import Foundation
import Tactile
import Testing
import TestSupport

/// What Tactile writes validates against the published JSON Schema
/// (`docs/trace-format.schema.json`), checked by an independent validator
/// (python3-jsonschema through `tools/validate-trace`).
struct TraceSchemaTests {
    static let validator = Paths.packageRoot.appendingPathComponent("tools/validate-trace").path

    func validate(_ paths: [String]) throws {
        try #require(FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/jsonschema"),
                     "python3-jsonschema is not installed: run make test-deps")
        let result = try run(Self.validator, paths)
        #expect(result.status == 0, "\(result.stdout.prefix(2000))")
        #expect(result.stderr.contains("0 problems"), "\(result.stderr)")
    }

    @Test func randomTracesOfEveryEventKindValidate() throws {
        var random = RandomTraces(seed: 42)
        let header = random.header()
        let path = Paths.scratch().appendingPathComponent("random.jsonl").path
        var w = try TraceWriter(output: try OutputFile(path: path), header: header)
        for e in random.events(count: 500) { try w.write(e) }
        try w.finish()
        try validate([path])
    }

    @Test func bundledRecordingsValidate() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Paths.recordings.path).filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") }
        #expect(names.count > 10)
        try validate(names.map { Paths.recordings.appendingPathComponent($0).path })
    }

    @Test func theValidatorRejectsWhatTheSchemaForbids() throws {
        let path = Paths.scratch().appendingPathComponent("bad.jsonl").path
        try """
            {"format":"tactile-trace","version":1,"devices":[{"id":0,"kind":"touchscreen"}]}
            {"t":1,"dev":0,"touches":[],"accel":[1,2,3]}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try run(Self.validator, [path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("bad.jsonl:2:"))
    }
}
