package main

import "encoding/json"

// The plain Go values the peers decode into and encode from, equivalent to
// the SDK's: what the SDK keeps as wire.Raw or wire.Object bytes (a
// template, _meta, a secret's value, an error) is a json.RawMessage, and a
// chunk, which the SDK decodes to its kind's struct, is the typed Chunk.

// EnqueueRequest is enqueue.request.
type EnqueueRequest struct {
	Key     string  `json:"key"`
	Content []Block `json:"content"`
}

// DequeueRequest is dequeue.request.
type DequeueRequest struct {
	Key string `json:"key"`
}

// Registered is the body of a Begun frame.
type Registered struct {
	Dependencies []json.RawMessage `json:"dependencies"`
	Secrets      map[string]string `json:"secrets"`
}

// Chunk is any chunk of a loop's main stream: the members of every kind in
// one struct (a peer has no untagged union), rmcp's content flattened into
// it as the kinds flatten it.
type Chunk struct {
	Block
	ParentToolCallID  *string         `json:"parent_tool_call_id,omitempty"`
	ID                string          `json:"id,omitempty"`
	Arguments         *string         `json:"arguments,omitempty"`
	Content           []Block         `json:"content,omitempty"`
	StructuredContent json.RawMessage `json:"structuredContent,omitempty"`
	IsError           *bool           `json:"isError,omitempty"`
}

// Block is any MCP content block: the union of every kind's members.
type Block struct {
	Type        string          `json:"type"`
	Text        string          `json:"text,omitempty"`
	Data        string          `json:"data,omitempty"`
	URI         string          `json:"uri,omitempty"`
	Name        string          `json:"name,omitempty"`
	Title       *string         `json:"title,omitempty"`
	Description *string         `json:"description,omitempty"`
	MIMEType    string          `json:"mimeType,omitempty"`
	Size        *uint64         `json:"size,omitempty"`
	Icons       []Icon          `json:"icons,omitempty"`
	Resource    *Resource       `json:"resource,omitempty"`
	Meta        json.RawMessage `json:"_meta,omitempty"`
	Annotations *Annotations    `json:"annotations,omitempty"`
}

// Resource is an embedded resource's contents, text or blob.
type Resource struct {
	URI      string          `json:"uri"`
	MIMEType *string         `json:"mimeType,omitempty"`
	Text     *string         `json:"text,omitempty"`
	Blob     *string         `json:"blob,omitempty"`
	Meta     json.RawMessage `json:"_meta,omitempty"`
}

// Annotations are a block's annotations.
type Annotations struct {
	Audience     []string `json:"audience,omitempty"`
	Priority     *float32 `json:"priority,omitempty"`
	LastModified *string  `json:"lastModified,omitempty"`
}

// Icon is one icon of a resource link.
type Icon struct {
	Src      string   `json:"src"`
	MIMEType *string  `json:"mimeType,omitempty"`
	Sizes    []string `json:"sizes,omitempty"`
	Theme    *string  `json:"theme,omitempty"`
}

// TextBlock is a text block and nothing else.
type TextBlock struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// ImageBlock is an image block and nothing else.
type ImageBlock struct {
	Type     string `json:"type"`
	Data     string `json:"data"`
	MIMEType string `json:"mimeType"`
}

// ResourceBlock is an embedded text resource block and nothing else.
type ResourceBlock struct {
	Type     string       `json:"type"`
	Resource TextResource `json:"resource"`
}

// TextResource is an embedded resource's text contents.
type TextResource struct {
	URI      string `json:"uri"`
	MIMEType string `json:"mimeType"`
	Text     string `json:"text"`
}
