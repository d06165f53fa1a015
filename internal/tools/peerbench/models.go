package main

import "encoding/json"

// The plain Go values the peers decode into and encode from, equivalent to
// the SDK's: opaque JSON (a chunk, a template, _meta, a secret's value) is a
// json.RawMessage, as the SDK keeps it as wire.Raw or wire.Object bytes.

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
