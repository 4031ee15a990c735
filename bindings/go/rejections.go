package errorformatter

// A string the arguments of a call cannot satisfy (a %d given a string, a translation asking
// for an argument that was not passed) is skipped: the next localization's string or the next
// rule's is shown, and the result records a Rejection. By default that is all: a Go library
// returns values and errors and leaves logging to the program. These options report it.

// rejectionPolicy is what a catalog does with the rejections of its Format and Lookup calls.
type rejectionPolicy struct {
	hook func(Rejection)
	fail bool
}

// OnRejection makes Format and Lookup call hook with each rejection of their result, in the
// order they were tried (the title's first), on the calling goroutine, after the call is done
// with the catalog: for the program's own logger (log/slog, a metric). The hook must be safe
// for concurrent use when the catalog is.
func OnRejection(hook func(Rejection)) Option {
	return func(options *catalogOptions) { options.rejections.hook = hook }
}

// FailOnRejection makes Format and Lookup fail when their result records a rejection: an
// *Error of StatusRejected whose message is the first rejection's description, and a zero
// result. For development and tests, where a wrong argument type is a bug to see at once.
func FailOnRejection() Option {
	return func(options *catalogOptions) { options.rejections.fail = true }
}

// report hands rejections to the hook, then fails with the first when asked to.
func (p rejectionPolicy) report(rejections []Rejection) error {
	if len(rejections) == 0 {
		return nil
	}
	if p.hook != nil {
		for _, rejection := range rejections {
			p.hook(rejection)
		}
	}
	if p.fail {
		return newError(StatusRejected, rejections[0].String())
	}
	return nil
}

// rejections is every rejection of a result, the title's first.
func (r Result) rejections() []Rejection {
	var all []Rejection
	for _, field := range []Field{Title, Message, Button} {
		all = append(all, r.Provenance[field].Rejections...)
	}
	return all
}
