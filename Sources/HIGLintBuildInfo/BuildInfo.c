// Package.swift passes these as C defines (`cSettings`): Swift's compilation conditions carry no value.
#include "HIGLintBuildInfo.h"

const char *higlint_swift_syntax_version(void) { return HIGLINT_SWIFT_SYNTAX_VERSION; }
const char *higlint_swift_syntax_origin(void) { return HIGLINT_SWIFT_SYNTAX_ORIGIN; }
