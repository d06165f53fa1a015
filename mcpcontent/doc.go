// Package mcpcontent holds one MCP content block as the Rust reference
// (rmcp 3.1.4's ContentBlock) writes it: text, image, audio, a resource link
// or an embedded resource, with annotations and _meta.
//
// A block is JSON with its "type" member first and its other members in
// rmcp's order; optional members are absent rather than null, and _meta is
// any JSON object, kept with its member order. A block decoded from
// canonical bytes encodes back to the same bytes.
//
// Reading follows serde: the "type" member may stand anywhere but only once,
// members other than a variant's own are checked and ignored, a null
// optional member is absent, a block or a nested struct may also be written
// as an array of its members, and an embedded resource's contents are the
// text form when they read as one, else the blob form.
//
// Conversion to and from the go-sdk's mcp.Content values is in the
// sub-package mcpsdk, so that importing this package does not link go-sdk.
// go-sdk's JSON encoder is not serde-compatible, so use this package, never
// go-sdk, for wire bytes.
package mcpcontent
