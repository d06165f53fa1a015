// Package mcpsdk converts between this module's MCP content blocks
// (mcpcontent.Block) and the content values of the official MCP Go SDK
// (github.com/modelcontextprotocol/go-sdk/mcp).
//
// FromBlock turns a block into an mcp.Content; ToBlock turns an mcp.Content
// back into a block. The two models differ slightly, so a round trip can
// lose details such as _meta member order; FromBlock's documentation lists
// them.
//
// This package is separate so that the codec packages stay light: importing
// mcpcontent, enqueue or begin links only the standard library, while
// importing mcpsdk also links the go-sdk and everything it needs. The go-sdk's
// JSON encoder does not write the bytes the protocol expects, so encode and
// decode wire bytes with mcpcontent, never with go-sdk.
package mcpsdk
