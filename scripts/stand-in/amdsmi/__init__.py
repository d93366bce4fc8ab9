"""Stand-in for AMD SMI's Python library (`import amdsmi`), for trying power-log without an AMD GPU.

Built from the documented interface, "AMD SMI Python API reference" (docs/reference/amdsmi-py-api.md of
ROCm/amdsmi, amd_smi_lib for ROCm 6.4; CLI "AMD System Management Interface | Version: 25.2.0"):
  amdsmi_init(), amdsmi_shut_down()
  amdsmi_get_processor_handles()         -> list of handles
  amdsmi_get_gpu_device_uuid(handle)     -> str
  amdsmi_get_gpu_asic_info(handle)       -> dict with "market_name"
  amdsmi_get_energy_count(handle)        -> {"energy_accumulator", "counter_resolution", "timestamp"}
        "energy_accumulator * counter_resolution = total_energy_consumption in micro-Joules"; the
        accumulator counts "since last restart/gpu reset" (a reset drops it); uint64 in the C API
        (amdsmi_get_energy_count(handle, uint64_t *energy_accumulator, float *counter_resolution,
        uint64_t *timestamp)). ROCm 6.4 renamed the field "power" to "energy_accumulator".
  amdsmi_get_power_info(handle)          -> dict with "current_socket_power" (W), "average_socket_power"
  AmdSmiException, AmdSmiLibraryException (raised on a failed call)
`amd-smi metric --energy` prints the same counter as TOTAL_ENERGY_CONSUMPTION (accumulator x resolution).

The stand-in's GPUs draw a constant power, so the counter is a function of the host's monotonic clock:
  energy_accumulator = floor(P t / r) mod 2^B, t = time.monotonic() s (mod R with a reset every R s),
  r = counter_resolution in uJ converted to J. Environment:
  FAKE_AMDSMI_GPUS         number of GPUs (default 1); 0: none
  FAKE_AMDSMI_POWER_W      power of every GPU, W (default 750)
  FAKE_AMDSMI_POWER_SERIES_OFFSET_W  added to what amdsmi_get_power_info reports (default 0): a power
                           meter that disagrees with the counter, for the cross-check
  FAKE_AMDSMI_RESOLUTION_UJ counter_resolution, uJ (default 15.2587890625 = 2^-16 J, what MI300-class GPUs report)
  FAKE_AMDSMI_WRAP_BITS    the accumulator wraps at 2^B (default 64, the C API's uint64)
  FAKE_AMDSMI_RESET_EVERY_S the accumulator drops to 0 every R s of the monotonic clock (a GPU reset)
  FAKE_AMDSMI_FAIL_EVERY   every Nth amdsmi_get_energy_count call in a process raises (an error line)
  FAKE_AMDSMI_FAIL_INIT    amdsmi_init raises with this text (a node whose driver is gone)
"""
import os
import time

AMDSMI_STATUS_NOT_SUPPORTED = 2


class AmdSmiException(Exception):
    pass


class AmdSmiLibraryException(AmdSmiException):
    def __init__(self, code, text):
        super().__init__("Error code:\n\t%d | %s" % (code, text))
        self.err_code = code


def _env(name, default, kind=float):
    v = os.environ.get(name)
    return default if v in (None, "") else kind(v)


_calls = [0]


def amdsmi_init(*_args):
    why = os.environ.get("FAKE_AMDSMI_FAIL_INIT")
    if why:
        raise AmdSmiLibraryException(8, why)


def amdsmi_shut_down():
    pass


def amdsmi_get_processor_handles():
    return ["stand-in-%d" % i for i in range(_env("FAKE_AMDSMI_GPUS", 1, int))]


def _index(handle):
    return int(handle.rsplit("-", 1)[1])


def amdsmi_get_gpu_device_uuid(handle):
    return "a1ff74a5-0000-1000-80%02d-5ea0de1ce000" % _index(handle)


def amdsmi_get_gpu_asic_info(handle):
    return {"market_name": "AMD Instinct MI350X (stand-in)", "vendor_id": "0x1002"}


def _ticks():
    t = time.monotonic()
    every = _env("FAKE_AMDSMI_RESET_EVERY_S", 0.0)
    if every > 0:
        t = t % every
    res_j = _env("FAKE_AMDSMI_RESOLUTION_UJ", 15.2587890625) * 1e-6
    return int(_env("FAKE_AMDSMI_POWER_W", 750.0) * t / res_j) % (1 << _env("FAKE_AMDSMI_WRAP_BITS", 64, int))


def amdsmi_get_energy_count(handle):
    _calls[0] += 1
    every = _env("FAKE_AMDSMI_FAIL_EVERY", 0, int)
    if every and _calls[0] % every == 0:
        raise AmdSmiLibraryException(AMDSMI_STATUS_NOT_SUPPORTED, "AMDSMI_STATUS_UNEXPECTED_DATA - stand-in error")
    return {"energy_accumulator": _ticks(), "counter_resolution": _env("FAKE_AMDSMI_RESOLUTION_UJ", 15.2587890625), "timestamp": time.monotonic_ns()}


def amdsmi_get_power_info(handle):
    p = _env("FAKE_AMDSMI_POWER_W", 750.0) + _env("FAKE_AMDSMI_POWER_SERIES_OFFSET_W", 0.0)
    return {"current_socket_power": p, "average_socket_power": p, "gfx_voltage": "N/A", "soc_voltage": "N/A", "mem_voltage": "N/A", "power_limit": 1000}
