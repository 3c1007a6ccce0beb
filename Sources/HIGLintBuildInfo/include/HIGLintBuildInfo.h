#ifndef HIGLINT_BUILD_INFO_H
#define HIGLINT_BUILD_INFO_H

/// The swift-syntax release this binary was built from source with ("603.0.1"), or "" when the manifest could not
/// tell (the toolchain's copy, or the swift-syntax package before it is resolved).
const char *higlint_swift_syntax_version(void);
/// Where SwiftSyntax came from: the checkout, the package URL and range, or the toolchain's `lib/swift/host`.
const char *higlint_swift_syntax_origin(void);

#endif
