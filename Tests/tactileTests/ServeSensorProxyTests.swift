import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tactile serve` as iio-sensor-proxy: iio-sensor-proxy's own client, `monitor-sensor`, on
/// a private bus the test starts (CI runs no systemd), sees every orientation change of
/// the recording, and the interface is the one desktops expect (docs/service.md).
@Suite(.serialized) struct ServeSensorProxyTests {
    let run = CommandTests()

    /// A private `dbus-daemon` (session configuration: anyone may own any name), ended at
    /// the end of `body`.
    func withPrivateBus(_ body: (String) throws -> Void) throws {
        let daemon = try Background("/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"])
        defer { _ = daemon.stop() }
        var address = ""
        let handle = daemon.output.fileHandleForReading
        while !address.hasSuffix("\n") {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { break }
            address += String(decoding: byte, as: UTF8.self)
        }
        address = address.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(address.hasPrefix("unix:"), "dbus-daemon printed no address")
        try body(address)
    }

    /// `gdbus introspect` of an object on the bus, retried while the service starts.
    func introspect(_ address: String, _ path: String) throws -> String {
        var xml = ""
        _ = Waiting.until(every: 0.05) {
            let g = try? Background("/usr/bin/gdbus", ["introspect", "--address", address, "--dest", "net.hadess.SensorProxy",
                                                       "--object-path", path]).finish()
            if g?.status == 0 { xml = g!.stdout }
            return g?.status == 0
        }
        return xml
    }

    /// How many connections the bus has (unique names, `:1.N`), the asking one included.
    func connections(_ address: String) -> Int? {
        guard let g = try? Background("/usr/bin/gdbus", ["call", "--address", address, "--dest", "org.freedesktop.DBus",
                                                         "--object-path", "/org/freedesktop/DBus",
                                                         "--method", "org.freedesktop.DBus.ListNames"]).finish(),
              g.status == 0 else { return nil }
        return g.stdout.components(separatedBy: "':").count - 1
    }

    /// The AccelerometerOrientation values `recognize`'s orientation lines mean, in order,
    /// each change once (lying flat changes nothing).
    static func sensorProxyValues(_ lines: [String]) -> [String] {
        let names = ["portrait": "normal", "landscapeLeft": "right-up", "landscapeRight": "left-up", "portraitUpsideDown": "bottom-up"]
        var out: [String] = []
        for line in lines {
            guard let o = jsonObject(line)["orientation"] as? String, let v = names[o] else { continue }
            if out.last != v { out.append(v) }
        }
        return out
    }

    @Test func monitorSensorPrintsEveryOrientationChangeOfTheRecording() throws {
        let expected = Self.sensorProxyValues(try run.recognized("phone-session.jsonl"))
        #expect(expected == ["normal", "right-up", "left-up", "bottom-up"])
        try withPrivateBus { address in
            // Plays once monitor-sensor has claimed the accelerometer.
            let service = try Background(CommandTests.binary, [
                "serve", "--socket", "", "--bus", address, "--wait-for", "1", "--speed", "4",
                "--play", CommandTests.root.appendingPathComponent("Recordings/phone-session.jsonl").path])
            let xml = try introspect(address, "/net/hadess/SensorProxy")
            let compass = try introspect(address, "/net/hadess/SensorProxy/Compass")
            // monitor-sensor writes through stdio: line-buffered, so nothing is lost when it is ended.
            let monitor = try Background("/usr/bin/stdbuf", ["-oL", "/usr/bin/monitor-sensor"],
                                         environment: ["DBUS_SYSTEM_BUS_ADDRESS": address])
            // The service ends after the recording; monitor-sensor is ended once it has seen
            // the service leave the bus, after every change the service sent (it holds the
            // service's pipes, inherited, until it exits).
            service.waitForExit()
            #expect(monitor.waitForOutput("--- iio-sensor-proxy vanished"), "monitor-sensor did not see the service go")
            let printed = monitor.stop()
            let served = service.finish(timeout: 5)
            #expect(served.status == 0, "\(served.stderr)")
            let changes = printed.stdout.split(separator: "\n").compactMap { line -> String? in
                guard let r = line.range(of: "Accelerometer orientation changed: ") else { return nil }
                return String(line[r.upperBound...])
            }
            print("serve: monitor-sensor printed \(changes)")
            #expect(printed.stdout.contains("=== Has accelerometer (orientation: "), "\(printed.stdout)")
            // What it saw at its claim, then each change, is the recording's sequence.
            let initial = printed.stdout.split(separator: "\n").first { $0.contains("=== Has accelerometer") }
                .flatMap { $0.split(separator: ":").last?.dropLast().trimmingCharacters(in: .whitespaces) }
            #expect(initial == "undefined")
            #expect(changes == expected, "\(printed.stdout)\n\(printed.stderr)")
            #expect(printed.stdout.contains("=== No ambient light sensor") && printed.stdout.contains("=== No proximity sensor"))

            // The interface a desktop expects: iio-sensor-proxy's members and types.
            for member in ["interface net.hadess.SensorProxy {", "method ClaimAccelerometer", "ReleaseAccelerometer();",
                           "ClaimLight();", "ReleaseLight();", "ClaimProximity();", "ReleaseProximity();",
                           "readonly b HasAccelerometer", "readonly s AccelerometerOrientation", "readonly b HasAmbientLight",
                           "readonly s LightLevelUnit", "readonly d LightLevel", "readonly b HasProximity",
                           "readonly b ProximityNear", "interface org.freedesktop.DBus.Properties"] {
                #expect(xml.contains(member.replacingOccurrences(of: "method ", with: "")), "missing \(member) in\n\(xml)")
            }
            for member in ["interface net.hadess.SensorProxy.Compass {", "readonly b HasCompass", "readonly d CompassHeading",
                           "ClaimCompass();", "ReleaseCompass();"] {
                #expect(compass.contains(member), "missing \(member) in\n\(compass)")
            }
        }
    }

    @Test func aClaimEndsWhenItsClientLeavesTheBus() throws {
        try withPrivateBus { address in
            // --wait-for 2: playing starts once two claims are held at once.
            let service = try Background(CommandTests.binary, [
                "serve", "--socket", "", "--bus", address, "--wait-for", "2", "--speed", "100",
                "--play", CommandTests.root.appendingPathComponent("Recordings/phone-session.jsonl").path])
            _ = try introspect(address, "/net/hadess/SensorProxy")
            // gdbus claims, then exits: its claim goes with it, once the bus has seen it go
            // (then only the service and the asking gdbus are on it; the bus tells the
            // service before it passes on anything later).
            let claim = try Background("/usr/bin/gdbus", ["call", "--address", address, "--dest", "net.hadess.SensorProxy",
                                                          "--object-path", "/net/hadess/SensorProxy",
                                                          "--method", "net.hadess.SensorProxy.ClaimAccelerometer"]).finish()
            #expect(claim.status == 0, "\(claim.stderr)")
            #expect(Waiting.until(every: 0.05) { connections(address) == 2 }, "\(String(describing: connections(address))) connections")
            // One claim held (monitor-sensor prints the sensor once it has claimed it): not
            // two, so nothing plays (the recording takes 0.1 s at --speed 100).
            let first = try Background("/usr/bin/stdbuf", ["-oL", "/usr/bin/monitor-sensor"], environment: ["DBUS_SYSTEM_BUS_ADDRESS": address])
            #expect(first.waitForOutput("=== Has accelerometer"))
            service.waitForExit(timeout: 3)
            #expect(service.process.isRunning, "the service counted the claim of a client that had gone")
            let second = try Background("/usr/bin/monitor-sensor", [], environment: ["DBUS_SYSTEM_BUS_ADDRESS": address])
            service.waitForExit()
            #expect(!service.process.isRunning, "two claims held did not start the recording")
            _ = first.stop(); _ = second.stop()
            #expect(service.finish(timeout: 1).status == 0)
        }
    }

    @Test func aSecondServiceCannotTakeTheNameAndSaysWhy() throws {
        try withPrivateBus { address in
            let first = try Background(CommandTests.binary, [
                "serve", "--socket", "", "--bus", address, "--wait-for", "1",
                "--play", CommandTests.root.appendingPathComponent("Recordings/phone-session.jsonl").path])
            defer { _ = first.stop() }
            _ = try introspect(address, "/net/hadess/SensorProxy")
            let second = try run.tactile("serve", "--socket", "", "--bus", address,
                                         "--play", CommandTests.root.appendingPathComponent("Recordings/phone-session.jsonl").path)
            #expect(second.status == 69 && second.stderr.contains("net.hadess.SensorProxy"), "\(second.stderr)")
            let unreachable = try run.tactile("serve", "--socket", "", "--bus", "unix:path=/nonexistent/bus",
                                              "--play", CommandTests.root.appendingPathComponent("Recordings/tap.jsonl").path)
            #expect(unreachable.status == 69 && unreachable.stderr.contains("cannot connect"), "\(unreachable.stderr)")
        }
    }
}
