// swift-tools-version:6.1
// The benchmark suite, in its own package so `make test` never builds it.
// Run with `make bench` (it preloads the malloc interposer that counts allocations).
import PackageDescription
import Foundation

// A path dependency is named after its folder, which is whatever the checkout is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "TactileBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
    ],
    targets: [
        .executableTarget(
            name: "tactile-bench",
            dependencies: [
                .product(name: "Tactile", package: root),
                .product(name: "TactileJSON", package: root),
                .product(name: "TactileLibinputRecord", package: root),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
    ],
    swiftLanguageModes: [.v5]
)
