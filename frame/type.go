package frame

import "strconv"

// Type is a frame's first byte: what the frame does. The same number can
// mean something only one way: a Request travels from the client to the
// server, a Response and a ResponseFinish from the server to the client,
// and the channel types both ways (see [Type.SentBy]).
type Type uint8

// The frame types of the crates' wire layer.
const (
	// TypeAuth is never sent on this wire; receiving one ends the
	// connection (an older wire authenticated with it).
	TypeAuth Type = 0
	// TypeRequest opens a scope (client to server); its payload is the
	// scope's request.
	TypeRequest Type = 1
	// TypeResponse is one frame of a scope's main stream (server to
	// client).
	TypeResponse Type = 2
	// TypeResponseFinish ends a scope and every channel in it (server to
	// client); it has no payload.
	TypeResponseFinish Type = 3
	// TypeChannelRequest opens a channel inside an open scope, in the
	// sender's own channel numbers.
	TypeChannelRequest Type = 4
	// TypeChannelResponse answers a channel the receiver opened.
	TypeChannelResponse Type = 5
	// TypeChannelResponseFinish ends a channel the receiver opened; it has
	// no payload. Only the channel's responder sends one.
	TypeChannelResponseFinish Type = 6
)

// Role is which end of the connection a party is: the provider's server,
// which dials, is the client; the container proxy is the server. The zero
// Role is no role.
type Role uint8

// The two roles.
const (
	RoleClient Role = 1
	RoleServer Role = 2
)

// String names the role.
func (r Role) String() string {
	switch r {
	case RoleClient:
		return "client"
	case RoleServer:
		return "server"
	}
	return "role(" + strconv.Itoa(int(r)) + ")"
}

// peer is the other role; the zero Role has none.
func (r Role) peer() Role {
	switch r {
	case RoleClient:
		return RoleServer
	case RoleServer:
		return RoleClient
	}
	return 0
}

var typeNames = [...]string{
	"auth", "request", "response", "response_finish",
	"channel_request", "channel_response", "channel_response_finish",
}

// String is the type's name in snake_case, or "type(N)" for a number the
// wire does not define.
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "type(" + strconv.Itoa(int(t)) + ")"
}

// Defined reports whether the wire defines t at all (0 to 6).
func (t Type) Defined() bool { return t <= TypeChannelResponseFinish }

// SentBy reports whether a party in role r may send a frame of type t. An
// Auth frame is sent by nobody. A frame its receiver's peer may not send is
// discarded on arrival.
func (t Type) SentBy(r Role) bool {
	switch t {
	case TypeRequest:
		return r == RoleClient
	case TypeResponse, TypeResponseFinish:
		return r == RoleServer
	case TypeChannelRequest, TypeChannelResponse, TypeChannelResponseFinish:
		return r == RoleClient || r == RoleServer
	}
	return false
}

// hasPayload reports whether a frame of type t carries bytes after its
// header: the finishes and Auth do not.
func (t Type) hasPayload() bool {
	switch t {
	case TypeRequest, TypeResponse, TypeChannelRequest, TypeChannelResponse:
		return true
	}
	return false
}

// usesChannel reports whether the header's channel field means anything
// for t; for the others it is written 0 and ignored when read.
func (t Type) usesChannel() bool {
	return t >= TypeChannelRequest && t <= TypeChannelResponseFinish
}
