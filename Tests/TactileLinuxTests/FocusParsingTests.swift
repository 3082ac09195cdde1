import Foundation
import Testing
import Tactile
@testable import TactileLinux
import TactileJSON

/// What the watcher reads without a desktop: which desktop the environment names, DISPLAY
/// values, authority files, sway's tree and Hyprland's reply.
struct FocusParsingTests {
    @Test func detectTakesSwayThenHyprlandThenX11() throws {
        #expect(FocusWatcher.detect(environment: [:]) == nil)
        #expect(FocusWatcher.detect(environment: ["DISPLAY": ":0"]) == .x11(display: ":0"))
        #expect(FocusWatcher.detect(environment: ["DISPLAY": ":0", "SWAYSOCK": "/run/s.sock", "HYPRLAND_INSTANCE_SIGNATURE": "abc"])
                == .sway(socket: "/run/s.sock"))
        #expect(FocusWatcher.detect(environment: ["DISPLAY": ":0", "HYPRLAND_INSTANCE_SIGNATURE": "abc", "XDG_RUNTIME_DIR": "/nonexistent"])
                == .hyprland(socket: "/tmp/hypr/abc/.socket.sock"))
        #expect(FocusWatcher.detect(environment: ["SWAYSOCK": "", "DISPLAY": ""]) == nil)
        // XWayland under GNOME or KDE: the X server cannot say which Wayland window has focus.
        #expect(FocusWatcher.detect(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"]) == nil)
        #expect(FocusWatcher.detect(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-1", "SWAYSOCK": "/s"]) == .sway(socket: "/s"))
        #expect(FocusWatcher.noDesktopReason(environment: [:]).contains("none of SWAYSOCK"))
        #expect(FocusWatcher.noDesktopReason(environment: ["WAYLAND_DISPLAY": "wayland-0"]).contains("neither sway nor Hyprland"))

        // Under $XDG_RUNTIME_DIR when the socket is there (Hyprland since 2024).
        let runtime = try Desktops.scratch("tactile-runtime")
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        try FileManager.default.createDirectory(atPath: runtime + "/hypr/sig", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: runtime + "/hypr/sig/.socket.sock", contents: nil)
        #expect(FocusWatcher.detect(environment: ["HYPRLAND_INSTANCE_SIGNATURE": "sig", "XDG_RUNTIME_DIR": runtime])
                == .hyprland(socket: runtime + "/hypr/sig/.socket.sock"))
    }

    @Test func processEnvironmentIsThisProcesss() {
        #expect(FocusWatcher.processEnvironment()["PATH"] == ProcessInfo.processInfo.environment["PATH"])
    }

    @Test func displayValues() throws {
        func reads(_ display: String, _ address: X11Display.Address, _ number: String, _ screen: Int) throws -> Bool {
            let d = try X11Display(display)
            return d.address == address && d.number == number && d.screen == screen
        }
        #expect(try reads(":0", .unix("/tmp/.X11-unix/X0"), "0", 0))
        #expect(try reads("unix:12.1", .unix("/tmp/.X11-unix/X12"), "12", 1))
        #expect(try reads("localhost:10.0", .tcp(host: "localhost", port: 6010), "10", 0))
        #expect(try reads("[::1]:1", .tcp(host: "::1", port: 6001), "1", 0))
        #expect(try reads("/private/tmp/launch-x/org.xquartz:0", .unix("/private/tmp/launch-x/org.xquartz:0"), "0", 0))
        for bad in ["0", ":", ":x", ":0.x", "host::0", ":-1"] {
            #expect(throws: TactileError.self, "\(bad)") { try X11Display(bad) }
        }
        // A malformed DISPLAY can never work: the watcher refuses it at once.
        #expect(throws: TactileError.self) { try FocusWatcher(.x11(display: "nonsense")) }
    }

    @Test func anAuthorityFilesEntryIsChosenByFamilyAddressAndDisplay() throws {
        func entry(_ family: UInt16, _ address: [UInt8], _ number: String, _ data: [UInt8]) -> [UInt8] {
            var out = [UInt8(family >> 8), UInt8(family & 0xff)]
            for field in [address, Array(number.utf8), Array(XAuthority.cookieName.utf8), data] {
                out += [UInt8(field.count >> 8), UInt8(field.count & 0xff)] + field
            }
            return out
        }
        let file = entry(256, Array("other".utf8), "0", [1]) + entry(256, Array("box".utf8), "1", [2])
            + entry(256, Array("box".utf8), "0", [3]) + entry(0, [192, 0, 2, 7], "0", [4]) + entry(65535, [], "", [5])
            + [0, 1, 0]  // cut short: ignored
        let entries = XAuthority.entries(file)
        #expect(entries.count == 5)
        let local = try X11Display(":0"), tcp = try X11Display("192.0.2.7:0"), other = try X11Display(":5")
        #expect(XAuthority.cookie(in: entries, display: local, remoteAddress: [], hostname: "box")?.data == [3])
        #expect(XAuthority.cookie(in: entries, display: tcp, remoteAddress: [192, 0, 2, 7], hostname: "box")?.data == [4])
        #expect(XAuthority.cookie(in: entries, display: other, remoteAddress: [], hostname: "box")?.data == [5])
        #expect(XAuthority.cookie(in: Array(entries.prefix(2)), display: local, remoteAddress: [], hostname: "box") == nil)
        #expect(XAuthority.path(environment: ["HOME": "/home/u"]) == "/home/u/.Xauthority")
        #expect(XAuthority.path(environment: ["HOME": "/home/u", "XAUTHORITY": "/run/x"]) == "/run/x")
    }

    @Test func swaysTreeNamesWaylandAndXWaylandWindows() throws {
        let tree = #"""
            {"type":"root","focused":false,"nodes":[{"type":"output","name":"HEADLESS-1","focused":false,"nodes":[
              {"type":"workspace","name":"1","focused":false,"nodes":[
                {"type":"con","name":"Mozilla Firefox","app_id":"firefox","pid":10,"focused":false,"nodes":[]},
                {"type":"con","name":null,"focused":false,"nodes":[
                  {"type":"con","name":"xterm","app_id":null,"pid":11,"focused":true,"nodes":[],
                   "window_properties":{"class":"XTerm","instance":"xterm","title":"xterm"}}]}],
               "floating_nodes":[{"type":"floating_con","name":"pop","app_id":"pavucontrol","pid":12,"focused":false}]}]}]}
            """#
        let json = try JSONValue.parse(Array(tree.utf8))
        #expect(SwayTree.focusedApplication(in: json) == FocusedApplication(names: ["XTerm", "xterm"], title: "xterm"))
        let floating = tree.replacingOccurrences(of: #""pid":11,"focused":true"#, with: #""pid":11,"focused":false"#)
            .replacingOccurrences(of: #""pid":12,"focused":false"#, with: #""pid":12,"focused":true"#)
        #expect(SwayTree.focusedApplication(in: try JSONValue.parse(Array(floating.utf8))) == FocusedApplication(names: ["pavucontrol"], title: "pop"))
        let workspace = tree.replacingOccurrences(of: #""pid":11,"focused":true"#, with: #""pid":11,"focused":false"#)
            .replacingOccurrences(of: #""name":"1","focused":false"#, with: #""name":"1","focused":true"#)
        #expect(SwayTree.focusedApplication(in: try JSONValue.parse(Array(workspace.utf8))) == nil)
    }

    @Test func hyprlandsReplyNamesTheClassAndTheInitialClass() throws {
        let window = try JSONValue.parse(Array(#"{"class":"org.gnome.Nautilus","initialClass":"nautilus","title":"Home"}"#.utf8))
        #expect(HyprlandFocus.application(of: window) == FocusedApplication(names: ["org.gnome.Nautilus", "nautilus"], title: "Home"))
        #expect(HyprlandFocus.application(of: try JSONValue.parse(Array("{}".utf8))) == nil)
    }

    @Test func aFocusedApplicationDropsEmptyAndRepeatedNames() {
        let app = FocusedApplication(names: ["firefox", "", "firefox", "Navigator"], title: "")
        #expect(app.names == ["firefox", "Navigator"] && app.title == nil && app.name == "firefox")
        #expect(app.description == "firefox (firefox, Navigator)")
        #expect(FocusedApplication(names: ["a"], title: "T").description == #"a (a) "T""#)
    }
}
