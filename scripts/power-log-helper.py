#!/usr/bin/env python3
"""Helper for scripts/power-log: the parts that need an API POSIX sh does not have.

Standard library only (it runs on GPU nodes with nothing installed). Every record it writes carries
`mono_ns,wall_ns` from the same host clock (time.monotonic_ns, time.time_ns), one line per record,
flushed per line, so that `kill -9` loses at most the record being written.

  power-log-helper.py now                      print "MONO_NS WALL_NS"
  power-log-helper.py stamp FILE [--devices LIST] [--errors-fd N]
                                               prefix each line "a, b" of FILE with "mono_ns,wall_ns," (spaces
                                               removed); a line that is not "DEVICE,VALUE" (nvidia-smi's own
                                               error text) is written as DEVICE,NA for every device of LIST
                                               and its text, with the stamp, to descriptor N (kept open)
  power-log-helper.py read DIR NAME            print DIR/NAME, opened with O_NOFOLLOW: it must be a regular
                                               file with one link, owned by us, writable by no one else
  power-log-helper.py append DIR NAME          append stdin to DIR/NAME (opened and checked the same way)
  power-log-helper.py create DIR NAME          write stdin to a new DIR/NAME (O_CREAT|O_EXCL|O_NOFOLLOW)
  power-log-helper.py replace DIR NAME         write stdin to a new .NAME.tmp, then rename it to NAME
  power-log-helper.py json-ok                  exit 0 if stdin is one JSON value (strict: no control
                                               characters in strings, no duplicate keys)
  power-log-helper.py mark DIR KIND ID TAIL    append "MONO,WALL,KIND,ID,TAIL" to DIR/marks.csv under a lock
                                               on the one descriptor through which it also checks that a
                                               *-start's id has not had its window (exit 2 if it has)
  power-log-helper.py locked DIR COMMAND ...   exec COMMAND holding an exclusive flock on directory DIR (one stop at a time)
  power-log-helper.py run COMMAND ...          exec COMMAND with SIGINT and SIGQUIT back to their defaults
                                               (sh starts a background job with them ignored)
  power-log-helper.py nvml-probe [--gpus L]    print one JSON object: NVML energy counter present/absent/denied
  power-log-helper.py nvml --interval-ms N [--gpus L]
                                               append "mono_ns,wall_ns,GPU-uuid,energy_millijoule" lines to stdout
  power-log-helper.py amd-probe [--gpus L]     print one JSON object: AMD SMI energy counter present/absent/denied
  power-log-helper.py amd --interval-ms N [--gpus L] --power-fd FD
                                               append "mono_ns,wall_ns,UUID,energy_ticks" lines to stdout
                                               (amdsmi_get_energy_count's accumulator) and "mono_ns,wall_ns,
                                               UUID,power_w" (amdsmi_get_power_info current_socket_power)
                                               to descriptor FD
  power-log-helper.py rapl --interval-ms N LABEL=PATH ...
                                               append "mono_ns,wall_ns,LABEL,energy_uj" lines to stdout
"""
import ctypes
import errno
import fcntl
import json
import os
import stat
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


class Refused(Exception):
    pass


def open_dir(path):
    try:
        return os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as e:
        raise Refused("cannot open directory %s: %s (a symbolic link is never followed)" % (path, e.strerror))


def open_checked(dirfd, path, name, flags):
    """NAME in the directory dirfd, never through a link, and only a file of ours nobody else can write."""
    try:
        fd = os.open(name, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o644, dir_fd=dirfd)
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise Refused("%s/%s is a symbolic link (power-log never follows one)" % (path, name))
        raise Refused("cannot open %s/%s: %s" % (path, name, e.strerror))
    st = os.fstat(fd)
    why = None
    if not stat.S_ISREG(st.st_mode):
        why = "not a regular file"
    elif st.st_nlink != 1:
        why = "it has %d hard links (another name could be a file elsewhere)" % st.st_nlink
    elif st.st_uid != os.geteuid():
        why = "not owned by uid %d" % os.geteuid()
    elif st.st_mode & 0o022:
        why = "writable by others"
    if why:
        os.close(fd)
        raise Refused("%s/%s: %s; power-log neither reads nor writes it" % (path, name, why))
    os.set_blocking(fd, True)
    return fd


def read_all(fd):
    chunks = []
    while True:
        b = os.read(fd, 1 << 16)
        if not b:
            return b"".join(chunks)
        chunks.append(b)


def write_all(fd, data):
    while data:
        data = data[os.write(fd, data):]


def cmd_file(op, args):
    path, name = args[0], args[1]
    dirfd = open_dir(path)
    if op == "read":
        fd = open_checked(dirfd, path, name, os.O_RDONLY)
        sys.stdout.buffer.write(read_all(fd))
        sys.stdout.flush()
        return
    data = sys.stdin.buffer.read()
    if op == "append":
        fd = open_checked(dirfd, path, name, os.O_WRONLY | os.O_APPEND)
        try:
            write_all(fd, data)
        except OSError as e:
            raise Refused("cannot append to %s/%s: %s" % (path, name, e.strerror))
        return
    if op == "create":
        target, tmp = name, name
    else:  # replace
        target, tmp = name, ".%s.tmp" % name
        try:
            os.unlink(tmp, dir_fd=dirfd)  # a leftover of an interrupted replace (unlink removes a link, not its target)
        except FileNotFoundError:
            pass
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644, dir_fd=dirfd)
    except OSError as e:
        raise Refused("cannot create %s/%s: %s (it must not exist yet)" % (path, tmp, e.strerror))
    try:
        write_all(fd, data)
        os.fsync(fd)
        os.close(fd)
        if tmp != target:
            os.rename(tmp, target, src_dir_fd=dirfd, dst_dir_fd=dirfd)  # replaces a link by the file, never writes through it
    except OSError as e:  # a full disk (ENOSPC), a file size limit (EFBIG): nothing half-written is left
        try:
            os.unlink(tmp, dir_fd=dirfd)  # the file this call created (O_EXCL), by the directory handle
        except OSError:
            pass
        raise Refused("cannot write %s/%s: %s; %s is left as it was" % (path, target, e.strerror, target if tmp != target else "nothing"))


def cmd_json_ok():
    def pairs(kv):
        keys = [k for k, _ in kv]
        if len(keys) != len(set(keys)):
            raise ValueError("duplicate key")
        return dict(kv)
    try:
        json.loads(sys.stdin.buffer.read().decode("utf-8"), object_pairs_hook=pairs)
    except (ValueError, UnicodeDecodeError) as e:
        sys.stderr.write("power-log: not valid JSON: %s\n" % e)
        return 1
    return 0


def cmd_mark(args):
    path, kind, ident, tail = args
    dirfd = open_dir(path)
    fd = open_checked(dirfd, path, "marks.csv", os.O_RDWR | os.O_APPEND)
    fcntl.flock(fd, fcntl.LOCK_EX)  # check and append as one step, also between concurrent markers
    if kind.endswith("-start"):
        what = kind[: -len("-start")]
        os.lseek(fd, 0, os.SEEK_SET)
        for n, line in enumerate(read_all(fd).decode("utf-8", "replace").split("\n"), 1):
            f = line.split(",")
            if len(f) > 3 and f[2] == what + "-end" and f[3] == ident:
                sys.stderr.write("power-log: %s id %s already had its window (its %s-end is line %d of %s/marks.csv); every %s needs its own id\n" % (what, ident, what, n, path, what))
                return 2
    m, w = now()
    write_all(fd, ("%d,%d,%s,%s,%s\n" % (m, w, kind, ident, tail)).encode())
    return 0


def cmd_stamp(args):
    # Opened here, after start-up, so that the writer of a FIFO waits for us instead of queueing lines;
    # relative to the trace folder's handle, never through a link, and only our own FIFO (a link or a
    # file put in its place is refused, not read into smi-errors.csv)
    folder, name = os.path.split(args[0])
    dirfd = open_dir(folder)
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=dirfd)
    except OSError as e:
        sys.stderr.write("power-log: cannot open %s: %s (a symbolic link is never followed)\n" % (args[0], e.strerror))
        return 2
    st = os.fstat(fd)
    if not stat.S_ISFIFO(st.st_mode) or st.st_uid != os.geteuid():
        sys.stderr.write("power-log: %s is not the FIFO power-log made (a file or another user's); not read\n" % args[0])
        return 2
    src = os.fdopen(fd, "r", errors="replace")
    devices = [d for d in (opt(args, "--devices") or "").split(",") if d]
    errors = int(opt(args, "--errors-fd")) if opt(args, "--errors-fd") else None
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
        if errors is not None:
            text = re.sub(r'[\x00-\x1f\x7f",]', " ", raw.strip())[:500]
            write_all(errors, ("%d,%d,%s\n" % (m, w, text)).encode("utf-8", "replace"))


def cmd_locked(args):
    """Hold an exclusive flock on the directory DIR (its handle, never a name inside it) and exec COMMAND
    with the locked descriptor inherited, so that the lock lasts as long as COMMAND runs."""
    dirfd = open_dir(args[0])
    fcntl.flock(dirfd, fcntl.LOCK_EX)
    os.set_inheritable(dirfd, True)
    try:
        os.execvp(args[1], args[1:])
    except OSError as e:
        sys.stderr.write("power-log: cannot run %s: %s\n" % (args[1], e.strerror))
        return 126


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


# ---------------------------------------------------------------- AMD SMI
# The AMD SMI Python library (amd_smi_lib, ROCm 6.4 documentation "AMD SMI Python API reference"):
# amdsmi_get_energy_count(handle) -> energy_accumulator (uint64 ticks "since last restart/gpu reset"),
# counter_resolution (uJ per tick), timestamp; amdsmi_get_power_info(handle) -> current_socket_power (W).
# POWER_LOG_AMDSMI_PATH: the directory holding the `amdsmi` package (default /opt/rocm/share/amd_smi,
# where ROCm installs it); POWER_LOG_AMD_COUNTER_BITS: the accumulator's width (default 64, the API's
# uint64; firmware with a narrower accumulator wraps sooner, and the manifest must say so).
AMD_API = "amdsmi_get_energy_count (AMD SMI Python API, amd_smi_lib for ROCm 6.4)"


def amd_lib():
    path = os.environ.get("POWER_LOG_AMDSMI_PATH") or "/opt/rocm/share/amd_smi"
    sys.path.insert(0, path)
    try:
        import amdsmi  # noqa: E402  (found on the path just given)
    except ImportError as e:
        raise RuntimeError("absent", "cannot import amdsmi from %s (%s)" % (path, e))
    try:
        amdsmi.amdsmi_init()
    except Exception as e:  # AmdSmiLibraryException: no driver, no permission
        text = " ".join(str(e).split())
        raise RuntimeError("denied" if "ermission" in text else "absent", "amdsmi_init: %s" % text)
    return amdsmi


def amd_handles(lib, gpus):
    handles = lib.amdsmi_get_processor_handles()
    if not handles:
        raise RuntimeError("absent", "AMD SMI reports no GPU")
    picked = []
    for i in (gpus if gpus is not None else range(len(handles))):
        if i >= len(handles):
            raise RuntimeError("absent", "--gpus %d: no such AMD GPU (AMD SMI lists %d: 0 to %d)" % (i, len(handles), len(handles) - 1))
        picked.append((i, str(lib.amdsmi_get_gpu_device_uuid(handles[i])), handles[i]))
    return picked


def amd_counter_bits():
    v = os.environ.get("POWER_LOG_AMD_COUNTER_BITS") or "64"
    if not re.match(r"^[0-9]+$", v) or not 8 <= int(v) <= 64:
        raise RuntimeError("absent", "POWER_LOG_AMD_COUNTER_BITS=%s: expected an integer from 8 to 64" % v)
    return int(v)


def cmd_amd_probe(args):
    try:
        bits = amd_counter_bits()
        lib = amd_lib()
        gpus = []
        for i, uuid, h in amd_handles(lib, parse_gpus(args)):
            try:
                e = lib.amdsmi_get_energy_count(h)
                p = lib.amdsmi_get_power_info(h)
            except Exception as x:
                raise RuntimeError("absent", "GPU %d: %s" % (i, " ".join(str(x).split())))
            res = float(e["counter_resolution"])
            if not (res > 0) or "energy_accumulator" not in e:
                raise RuntimeError("absent", "GPU %d: amdsmi_get_energy_count gave no energy_accumulator with a positive counter_resolution (ROCm before 6.4 calls it power: upgrade amd_smi_lib)" % i)
            try:
                name = str(lib.amdsmi_get_gpu_asic_info(h).get("market_name", ""))
            except Exception:
                name = ""
            gpus.append({"index": i, "uuid": uuid, "name": re.sub(r"[^ -~]", "?", name), "counter_resolution_uj": res,
                         "counter_bits": bits, "power_field": "current_socket_power" if "current_socket_power" in p else "average_socket_power"})
        out(json.dumps({"status": "present", "file": "amdsmi.csv", "unit": "counter ticks (x counter_resolution_uj = uJ)",
                        "power_file": "amdsmi-power.csv", "power_unit": "W", "api": AMD_API, "gpus": gpus}))
    except RuntimeError as e:
        out(json.dumps({"status": e.args[0], "reason": e.args[1]}))


def cmd_amd(args):
    dt = interval_s(args)
    power_fd = int(opt(args, "--power-fd"))
    lib = amd_lib()
    hs = amd_handles(lib, parse_gpus(args))
    nxt = time.monotonic()
    while True:
        for i, uuid, h in hs:
            try:
                e = str(int(lib.amdsmi_get_energy_count(h)["energy_accumulator"]))
            except Exception as x:
                e = "NA"  # recorded, never skipped: ingestion counts it as a missing sample
                sys.stderr.write("power-log: amd_smi GPU %d: %s\n" % (i, " ".join(str(x).split())))
            m, w = now()
            out("%d,%d,%s,%s" % (m, w, uuid, e))
            try:
                info = lib.amdsmi_get_power_info(h)
                p = info.get("current_socket_power", info.get("average_socket_power"))
                p = "%s" % float(p) if isinstance(p, (int, float)) else "NA"
            except Exception:
                p = "NA"
            m, w = now()
            write_all(power_fd, ("%d,%d,%s,%s\n" % (m, w, uuid, p)).encode())
        nxt += dt
        time.sleep(max(0.0, nxt - time.monotonic()))


def main(argv):
    signal.signal(signal.SIGTERM, stop_quietly)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    if not argv:
        sys.stderr.write(__doc__)
        return 2
    cmd, args = argv[0], argv[1:]
    if args[:1] == ["--trace"]:
        args = args[2:]  # the trace directory, on the command line only so that `stop` can recognise us
    if cmd == "now":
        cmd_now()
    elif cmd == "stamp":
        try:
            return cmd_stamp(args)
        except Refused as e:
            sys.stderr.write("power-log: %s\n" % e)
            return 2
    elif cmd == "run":
        return cmd_run(args)
    elif cmd == "locked":
        try:
            return cmd_locked(args)
        except Refused as e:
            sys.stderr.write("power-log: %s\n" % e)
            return 2
    elif cmd in ("read", "append", "create", "replace"):
        try:
            cmd_file(cmd, args)
        except Refused as e:
            sys.stderr.write("power-log: %s\n" % e)
            return 2
    elif cmd == "json-ok":
        return cmd_json_ok()
    elif cmd == "mark":
        try:
            return cmd_mark(args)
        except Refused as e:
            sys.stderr.write("power-log: %s\n" % e)
            return 2
    elif cmd == "nvml-probe":
        cmd_nvml_probe(args)
    elif cmd == "nvml":
        cmd_nvml(args)
    elif cmd == "rapl":
        cmd_rapl(args)
    elif cmd == "amd-probe":
        cmd_amd_probe(args)
    elif cmd == "amd":
        cmd_amd(args)
    else:
        sys.stderr.write("power-log-helper: unknown command %s\n" % cmd)
        return 2
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(0)
