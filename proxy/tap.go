package proxy

// Tap sees every event of a begin as the server reads and writes it: each
// payload and the finish of the main stream, and of each channel with its
// id ("c<n>" for the provider's channel n; its request first). A
// *trace.Recorder is a Tap. Its methods are called from many goroutines, in
// the order the events pass; an error they return is the Tap's own
// business and changes nothing on the wire. They must not block for long:
// the main stream waits for them. A payload is lent for the call only (the
// server reuses its buffers): a Tap that keeps one copies it.
type Tap interface {
	Main(payload []byte) error
	MainFinish() error
	Channel(id string, payload []byte) error
	ChannelFinish(id string) error
}

// noTap records nothing.
type noTap struct{}

func (noTap) Main([]byte) error            { return nil }
func (noTap) MainFinish() error            { return nil }
func (noTap) Channel(string, []byte) error { return nil }
func (noTap) ChannelFinish(string) error   { return nil }
