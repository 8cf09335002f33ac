// Preloaded (--import) into child processes of the local stack: the parent
// holds our stdin open, so its end means the parent is gone (even after a
// crash or SIGKILL) and the child must not linger holding a port.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
