#!/usr/bin/env python3
"""Helper for scripts/power-log: the parts that need an API POSIX sh does not have.

Standard library only (it runs on GPU nodes with nothing installed). Every record it writes carries
`mono_ns,wall_ns` from the same host clock (time.monotonic_ns, time.time_ns), one line per record,
flushed per line, so that `kill -9` loses at most the record being written.

  power-log-helper.py now                      print "MONO_NS WALL_NS"
  power-log-helper.py stamp FILE [--devices LIST] [--errors ERRFILE]
                                               prefix each line "a, b" of FILE with "mono_ns,wall_ns," (spaces
                                               removed); a line that is not "DEVICE,VALUE" (nvidia-smi's own
                                               error text) is written as DEVICE,NA for every device of LIST
                                               and its text, with the stamp, to ERRFILE
  power-log-helper.py run COMMAND ...          exec COMMAND with SIGINT and SIGQUIT back to their defaults
                                               (sh starts a background job with them ignored)
  power-log-helper.py nvml-probe [--gpus L]    print one JSON object: NVML energy counter present/absent/denied
  power-log-helper.py nvml --interval-ms N [--gpus L]
                                               append "mono_ns,wall_ns,GPU-uuid,energy_millijoule" lines to stdout
  power-log-helper.py rapl --interval-ms N LABEL=PATH ...
                                               append "mono_ns,wall_ns,LABEL,energy_uj" lines to stdout
"""
import ctypes
import json
import os
import re
import signal
import sys
import time

NVML_SUCCESS = 0
NVML_ERROR_NO_PERMISSION = 4
NVML_ERROR_NOT_SUPPORTED = 3


def now():
    return time.monotonic_ns(), time.time_ns()


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def stop_quietly(*_):
    sys.exit(0)


def cmd_now():
    m, w = now()
    out("%d %d" % (m, w))


# one sample as nvidia-smi prints it (spaces removed): DEVICE,VALUE with VALUE a number or [N/A]-like
SAMPLE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9:._/-]*,([0-9]+(\.[0-9]+)?|\[[A-Za-z/ ]*\])$")


def opt(args, name):
    return args[args.index(name) + 1] if name in args else None


def cmd_stamp(args):
    # Opened here, after start-up, so that the writer of a FIFO waits for us instead of queueing lines.
    src = open(args[0], "r", errors="replace")
    devices = [d for d in (opt(args, "--devices") or "").split(",") if d]
    errors = opt(args, "--errors")
    for raw in src:
        m, w = now()
        line = raw.strip().replace(" ", "")
        if not line:
            continue
        dev = line.split(",", 1)[0]
        if SAMPLE.match(line) and (not devices or dev in devices):
            out("%d,%d,%s" % (m, w, line))
            continue
        # not a sample: a missing one for every device, with the reason kept beside the trace
        for d in devices:
            out("%d,%d,%s,NA" % (m, w, d))
        if errors:
            text = re.sub(r'[\x00-\x1f",]', " ", raw.strip())[:500]
            with open(errors, "a") as f:
                f.write("%d,%d,%s\n" % (m, w, text))


def cmd_run(args):
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        os.execvp(args[0], args)
    except OSError as e:
        sys.stderr.write("power-log: cannot run %s: %s\n" % (args[0], e.strerror))
        return 127 if isinstance(e, FileNotFoundError) else 126


def parse_gpus(args):
    if "--gpus" in args:
        value = args[args.index("--gpus") + 1]
        if value:
            return [int(x) for x in value.split(",")]
    return None


def interval_s(args):
    return int(args[args.index("--interval-ms") + 1]) / 1000.0


class Nvml:
    """The few NVML calls we need, through ctypes. Raises RuntimeError(status, reason)."""

    def __init__(self):
        path = os.environ.get("POWER_LOG_NVML_LIB", "libnvidia-ml.so.1")
        try:
            self.lib = ctypes.CDLL(path)
        except OSError as e:
            raise RuntimeError("absent", "cannot load %s (%s)" % (path, e))
        self.check(self.lib.nvmlInit_v2(), "nvmlInit_v2")

    def err(self, code):
        try:
            f = self.lib.nvmlErrorString
            f.restype = ctypes.c_char_p
            return f(code).decode()
        except Exception:
            return "NVML error %d" % code

    def check(self, code, what):
        if code == NVML_SUCCESS:
            return
        status = "denied" if code == NVML_ERROR_NO_PERMISSION else "absent"
        raise RuntimeError(status, "%s: %s" % (what, self.err(code)))

    def handles(self, gpus):
        count = ctypes.c_uint()
        self.check(self.lib.nvmlDeviceGetCount_v2(ctypes.byref(count)), "nvmlDeviceGetCount_v2")
        result = []
        for i in (gpus if gpus is not None else range(count.value)):
            h = ctypes.c_void_p()
            self.check(self.lib.nvmlDeviceGetHandleByIndex_v2(i, ctypes.byref(h)), "nvmlDeviceGetHandleByIndex_v2(%d)" % i)
            buf = ctypes.create_string_buffer(96)
            self.check(self.lib.nvmlDeviceGetUUID(h, buf, 96), "nvmlDeviceGetUUID(%d)" % i)
            result.append((i, buf.value.decode(), h))
        return result

    def energy_mj(self, h):
        e = ctypes.c_ulonglong()
        code = self.lib.nvmlDeviceGetTotalEnergyConsumption(h, ctypes.byref(e))
        return code, e.value


def cmd_nvml_probe(args):
    try:
        nv = Nvml()
        hs = nv.handles(parse_gpus(args))
        if not hs:
            raise RuntimeError("absent", "NVML reports no GPU")
        for i, uuid, h in hs:
            code, _ = nv.energy_mj(h)
            nv.check(code, "nvmlDeviceGetTotalEnergyConsumption(%d)" % i)
        out(json.dumps({"status": "present", "gpus": [{"index": i, "uuid": u} for i, u, _ in hs]}))
    except RuntimeError as e:
        out(json.dumps({"status": e.args[0], "reason": e.args[1]}))


def cmd_nvml(args):
    dt = interval_s(args)
    nv = Nvml()
    hs = nv.handles(parse_gpus(args))
    nxt = time.monotonic()
    while True:
        for i, uuid, h in hs:
            code, e = nv.energy_mj(h)
            m, w = now()
            if code == NVML_SUCCESS:
                out("%d,%d,%s,%d" % (m, w, uuid, e))
            else:
                # Recorded, never skipped: ingestion counts these as missing samples.
                out("%d,%d,%s,NA" % (m, w, uuid))
        nxt += dt
        time.sleep(max(0.0, nxt - time.monotonic()))


def cmd_rapl(args):
    dt = interval_s(args)
    zones = [a.split("=", 1) for a in args if "=" in a]
    nxt = time.monotonic()
    while True:
        for label, path in zones:
            try:
                with open(path) as f:
                    v = f.read().strip()
            except OSError:
                v = "NA"
            m, w = now()
            out("%d,%d,%s,%s" % (m, w, label, v or "NA"))
        nxt += dt
        time.sleep(max(0.0, nxt - time.monotonic()))


def main(argv):
    signal.signal(signal.SIGTERM, stop_quietly)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    if not argv:
        sys.stderr.write(__doc__)
        return 2
    cmd, args = argv[0], argv[1:]
    if cmd == "now":
        cmd_now()
    elif cmd == "stamp":
        cmd_stamp(args)
    elif cmd == "run":
        return cmd_run(args)
    elif cmd == "nvml-probe":
        cmd_nvml_probe(args)
    elif cmd == "nvml":
        cmd_nvml(args)
    elif cmd == "rapl":
        cmd_rapl(args)
    else:
        sys.stderr.write("power-log-helper: unknown command %s\n" % cmd)
        return 2
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(0)
