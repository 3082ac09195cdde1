import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tactile serve` end to end: subscribers with filters get `recognize`'s lines, a stalled
/// one delays no one and is told what it missed, bad clients are refused and the service
/// serves on (docs/service.md).
@Suite(.serialized) struct ServeCommandTests {
    let run = CommandTests()

    /// The filtered lines a subscriber must get, decided from the JSON alone.
    static func expected(_ lines: [String], devices: Set<Int>? = nil, gestures: Set<String>? = nil, states: Set<String>? = nil) -> [String] {
        lines.filter { line in
            let o = jsonObject(line)
            if let devices, !devices.contains(o["dev"] as? Int ?? -1) { return false }
            let name = (o["gesture"] as? String) ?? "orientation"
            if let gestures, !gestures.contains(name) { return false }
            if let states, let state = o["state"] as? String, !states.contains(state) { return false }
            return true
        }
    }

    /// The recognized lines a subscriber got: the confirmation first, the end last.
    static func gestureLines(_ got: [String]) -> [String] {
        got.filter { !$0.hasPrefix("{\"subscribed\"") && !$0.hasPrefix("{\"end\"") && !$0.hasPrefix("{\"missed\"") }
    }

    @Test func threeSubscribersWithFiltersGetRecognizesLinesFiltered() throws {
        let socket = run.scratch().appendingPathComponent("s.sock").path
        let all = try run.recognized("phone-session.jsonl")
        #expect(all.count == 8)
        let service = try run.serve("phone-session.jsonl", socket: socket, ["--wait-for", "3", "--speed", "8"])
        let filters = [#"{}"#, #"{"gestures":["tap"],"states":["recognized"]}"#, #"{"devices":[1],"gestures":["orientation"]}"#]
        var subscribers: [TestSubscriber] = []
        for f in filters {
            let s = try TestSubscriber(path: socket)
            s.send(f + "\n")
            s.startReading()
            subscribers.append(s)
        }
        let got = try subscribers.map { try $0.wait() }
        let r = service.finish()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.gestureLines(got[0]) == all)
        #expect(Self.gestureLines(got[1]) == Self.expected(all, gestures: ["tap"], states: ["recognized"]))
        #expect(Self.gestureLines(got[1]).count == 2)
        #expect(Self.gestureLines(got[2]) == Self.expected(all, devices: [1], gestures: ["orientation"]))
        #expect(Self.gestureLines(got[2]).count == 6)
        // Each is told its filter first and the end last.
        #expect(got[1].first == #"{"subscribed":{"gestures":["tap"],"states":["recognized"]}}"# + "\n")
        #expect(got.allSatisfy { $0.last == "{\"end\":true}\n" })
    }

    /// The third subscriber reads nothing until the other two have had every line and the
    /// end: were the service to wait for it, they could not.
    @Test func aStalledSubscriberDelaysNoOneAndIsToldWhatItMissed() throws {
        let socket = run.scratch().appendingPathComponent("s.sock").path
        let all = try run.recognized("pinch-rotate.jsonl")
        let service = try run.serve("pinch-rotate.jsonl", socket: socket, ["--wait-for", "3", "--backlog", "8"])
        let stall = DispatchSemaphore(value: 0)
        var subscribers: [TestSubscriber] = []
        for i in 0..<3 {
            let s = try TestSubscriber(path: socket)
            s.send("{}\n")
            s.startReading(after: i == 2 ? stall : nil)
            subscribers.append(s)
        }
        let readers = try subscribers[0...1].map { try $0.wait() }
        stall.signal()
        let stalled = try subscribers[2].wait()
        let r = service.finish()
        #expect(r.status == 0, "\(r.stderr)")
        // The two that read get every line, and the end, while the third still stalls.
        for lines in readers {
            #expect(Self.gestureLines(lines) == all)
            #expect(lines.last == "{\"end\":true}\n")
        }
        // The stalled one gets what its backlog and socket held, then the count of the rest.
        let missed = stalled.compactMap { jsonObject($0)["missed"] as? Int }.reduce(0, +)
        let received = Self.gestureLines(stalled)
        print("serve: the stalled subscriber got \(received.count) lines and was told it missed \(missed)")
        #expect(missed > 0)
        #expect(received.count + missed == all.count)
        #expect(Set(received).isSubset(of: Set(all)))
        #expect(stalled.last == "{\"end\":true}\n")
    }

    @Test func badSubscribersAreRefusedAndTheServiceServesOn() throws {
        let socket = run.scratch().appendingPathComponent("s.sock").path
        let all = try run.recognized("double-tap.jsonl")
        let service = try run.serve("double-tap.jsonl", socket: socket, ["--wait-for", "1", "--max-clients", "4"])
        func refused(_ filter: String) throws -> String {
            let s = try TestSubscriber(path: socket)
            s.send(filter)
            s.startReading()
            return try s.wait().joined()
        }
        // Garbage filters: each told what is wrong, then closed.
        #expect(try refused("not json\n").contains(#"{"error":"the filter is not JSON"#))
        #expect(try refused("[1,2]\n").contains("must be a JSON object"))
        #expect(try refused(#"{"gestures":["tapp"]}"# + "\n").contains(#"\"tapp\" is not one of"#))
        #expect(try refused(#"{"devices":[-1]}"# + "\n").contains("is not a device id"))
        #expect(try refused(#"{"colour":"red"}"# + "\n").contains(#"unknown member \"colour\""#))
        #expect(try refused(String(repeating: "x", count: 5000)).contains("longer than 4096 bytes"))
        // A client that goes away in the middle of its filter line.
        let half = try TestSubscriber(path: socket)
        half.send(#"{"gest"#)
        close(half.fd)
        // A flood: more connections than --max-clients; the ones past it are told so at
        // once, the others (sending nothing) at the filter deadline, 5 s on.
        var flood: [TestSubscriber] = []
        for _ in 0..<12 { flood.append(try TestSubscriber(path: socket)) }
        var tooMany = 0
        for s in flood {
            var pending = pollfd(fd: s.fd, events: Int16(POLLIN), revents: 0)
            if poll(&pending, 1, Int32(Waiting.patience * 1000)) > 0 {
                var chunk = [UInt8](repeating: 0, count: 512)
                let n = chunk.withUnsafeMutableBytes { recv(s.fd, $0.baseAddress, $0.count, 0) }
                if n > 0, String(decoding: chunk[0..<n], as: UTF8.self).contains("too many clients") { tooMany += 1 }
            }
        }
        #expect(tooMany >= 8)
        for s in flood { close(s.fd) }
        // The service still serves: a good subscriber gets every line, once the flood has
        // gone (until the service has seen that, it may be told there are too many).
        var good: [String] = []
        _ = Waiting.until {
            let s = try? TestSubscriber(path: socket)
            s?.send("{}\n")
            s?.startReading()
            good = (try? s?.wait()) ?? []
            return !(good.first?.contains("too many clients") ?? false)
        }
        #expect(Self.gestureLines(good) == all)
        let r = service.finish()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("in the middle of its filter line"), "\(r.stderr)")
        // Its log lines read as every tactile command's: `tactile: serve: ...`.
        let logged = r.stderr.split(separator: "\n").filter { !$0.isEmpty }
        #expect(!logged.isEmpty && logged.allSatisfy { $0.hasPrefix("tactile: serve: ") }, "\(r.stderr)")
    }

    @Test func optionsAreChecked() throws {
        let r = try run.tactile("serve", "--speed", "0", "--play", "x")
        #expect(r.status == 64)
        let w = try run.tactile("serve", "--wait-for", "1")
        #expect(w.status == 64 && w.stderr.contains("--play"))
        let missing = try run.tactile("serve", "--play", "/nonexistent.jsonl", "--bus", "none", "--socket", "")
        #expect(missing.status == 66)
        let nothing = try run.tactile("serve", "--play", CommandTests.root.appendingPathComponent("Recordings/tap.jsonl").path,
                                      "--bus", "none", "--socket", "")
        #expect(nothing.status == 64 && nothing.stderr.contains("nothing to serve"))
    }
}

/// The socket file: its mode decides who may subscribe, a stale one is replaced, a live
/// one is not taken over.
@Suite(.serialized) struct ServeSocketFileTests {
    let run = CommandTests()

    @Test func theSocketGetsItsModeAStaleOneIsReplacedALiveOneIsNot() throws {
        let dir = run.scratch()
        let socket = dir.appendingPathComponent("s.sock").path
        // A socket file nobody listens on, as a killed service leaves it.
        let stale = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in socket.utf8.enumerated() { raw[i] = b } }
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        close(stale)
        let service = try run.serve("tap.jsonl", socket: socket, ["--wait-for", "1", "--socket-mode", "600"])
        let client = try TestSubscriber(path: socket)
        var st = stat()
        #expect(lstat(socket, &st) == 0 && st.st_mode & 0o777 == 0o600)
        // A second service on the same path is refused while the first listens.
        let second = try run.tactile("serve", "--play", CommandTests.root.appendingPathComponent("Recordings/tap.jsonl").path,
                                     "--socket", socket, "--bus", "none")
        #expect(second.status == 69 && second.stderr.contains("another server is listening"), "\(second.stderr)")
        client.send("{}\n")
        client.startReading()
        #expect(ServeCommandTests.gestureLines(try client.wait()) == (try run.recognized("tap.jsonl")))
        #expect(service.finish().status == 0)
        // The service removes its socket when it ends.
        #expect(!FileManager.default.fileExists(atPath: socket))
    }
}
