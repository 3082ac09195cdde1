// swift-tools-version:6.1
// libFuzzer targets, in their own package: `make fuzz` builds them with
// -sanitize=fuzzer,address and runs each for a while; `make fuzz-smoke` (CI) runs each
// for 100 000 inputs and replays Fuzz/Corpus/crashes/.
import PackageDescription
import Foundation

// A path dependency is named after its folder, which is whatever the checkout is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let fuzzer: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

func target(_ name: String, _ deps: [Target.Dependency]) -> Target {
    .executableTarget(name: "fuzz-\(name)", dependencies: deps, path: "Sources/fuzz-\(name)", swiftSettings: fuzzer)
}

let package = Package(
    name: "TactileFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "Tactile", package: root)], path: "Sources/FuzzSupport"),
        target("trace", [.product(name: "Tactile", package: root), .product(name: "TactileJSON", package: root), "FuzzSupport"]),
        target("evemu", [.product(name: "Tactile", package: root), "FuzzSupport"]),
        target("libinput-record", [.product(name: "Tactile", package: root), .product(name: "TactileLibinputRecord", package: root), "FuzzSupport"]),
        target("assembler", [.product(name: "Tactile", package: root), "FuzzSupport"]),
        target("gestures", [.product(name: "Tactile", package: root), .product(name: "TactileJSON", package: root), "FuzzSupport"]),
        target("orientation", [.product(name: "Tactile", package: root), .product(name: "TactileJSON", package: root), "FuzzSupport"]),
        target("trace-chunks", [.product(name: "Tactile", package: root), .product(name: "TactileJSON", package: root), "FuzzSupport"]),
        target("getevent", [.product(name: "Tactile", package: root), "FuzzSupport"]),
        target("subscription", [.product(name: "Tactile", package: root), .product(name: "TactileJSON", package: root), "FuzzSupport"]),
        target("bindings", [.product(name: "Tactile", package: root), .product(name: "TactileBindings", package: root), "FuzzSupport"]),
        target("import", [.product(name: "Tactile", package: root), .product(name: "TactileBindings", package: root), "FuzzSupport"]),
        target("synth", [.product(name: "Tactile", package: root), .product(name: "TactileTesting", package: root), "FuzzSupport"]),
    ],
    swiftLanguageModes: [.v5]
)
