"""Uses the client openapi-python-client generates from /openapi.json against a live server.

usage: python typed_client.py BASE_URL   (with the generated package hig_client importable)

Every answer must parse into the generated typed models (not a generic dict), so a schema that
drifts from what the server sends fails here. Exits non-zero on the first mismatch.
"""

import enum
import sys
import urllib.parse

from hig_client import Client
from hig_client.api.default import (
    get_check,
    get_devices,
    get_diff,
    get_dynamic_type,
    get_metrics,
    get_size_classes,
    get_widgets,
    post_check,
)
from hig_client.models import (
    CheckError,
    CheckResultList,
    CheckResultResult,
    DeviceList,
    Diff,
    DiffCounts,
    DiffRow,
    DynamicTypeList,
    Error,
    GetDevicesFamily,
    GetDynamicTypeCategory,
    GetDynamicTypeStyle,
    GetMetricsPlatform,
    Measurement,
    SizeClassList,
    WidgetList,
)

client = Client(base_url=sys.argv[1], raise_on_unexpected_status=True)


def expect(condition, what):
    if not condition:
        sys.exit(f"typed client: {what}")


devices = get_devices.sync(client=client, family=GetDevicesFamily.IPHONE)
expect(isinstance(devices, DeviceList), f"devices parsed as {type(devices).__name__}")
pro = next(device for device in devices.items if device.id == "device.iphone-16-pro")
expect((pro.points.width, pro.points.height, pro.scale) == (402, 874, 3), f"iPhone 16 Pro is {pro.points}")
expect(pro.size_classes.portrait.horizontal.value == "compact", "iPhone 16 Pro portrait width class")

widgets = get_widgets.sync(client=client, screen="430x932")
expect(isinstance(widgets, WidgetList), f"widgets parsed as {type(widgets).__name__}")
# A closed field is a typed enumeration (the one its declaration lists), not a plain string.
small = next(widget for widget in widgets.items if widget.family is not None and widget.family.value == "systemSmall")
expect(isinstance(small.family, enum.Enum), f"a widget's family parsed as {type(small.family).__name__}")
expect((small.width, small.height) == (170, 170), f"systemSmall on 430x932 is {small.width}x{small.height}")

# A device is named by a plain string (a pattern, not an enum a reload would outdate); one the
# store lacks is a typed 404.
by_device = get_widgets.sync(client=client, device="device.iphone-15-pro-max")
expect(isinstance(by_device, WidgetList) and by_device.items, "widgets for device.iphone-15-pro-max")
toaster = get_widgets.sync_detailed(client=client, device="device.toaster")
expect(toaster.status_code == 404 and isinstance(toaster.parsed, Error), f"an unknown device is {toaster.status_code}")

# An empty answer says why, in the envelope and in the Spec-Note fields (RFC 9651 Display Strings).
omitted = get_size_classes.sync_detailed(client=client, device="device.ipad-mini-8-3-inch")
expect(isinstance(omitted.parsed, SizeClassList) and not omitted.parsed.items, "no size classes for iPad mini 8.3-inch")
fields = omitted.headers.get_list("spec-note")
header_notes = [urllib.parse.unquote(field[2:-1]) for field in fields if field.startswith('%"') and field.endswith('"')]
expect(header_notes and header_notes == omitted.parsed.notes, f"Spec-Note {fields} vs notes {omitted.parsed.notes}")

rows = get_dynamic_type.sync(client=client, category=GetDynamicTypeCategory.LARGE, style=GetDynamicTypeStyle.BODY)
expect(isinstance(rows, DynamicTypeList), f"dynamic type parsed as {type(rows).__name__}")
body = next(row for row in rows.items if row.platform.value == "ios")
expect((body.size, body.leading) == (17, 22), f"body at large is {body.size}/{body.leading}")

single = get_check.sync(client=client, figure="metric.controls.ios.minimum-size", width=20, height=20)
expect(isinstance(single, CheckResultList), f"check parsed as {type(single).__name__}")
expect(single.items[0].result == CheckResultResult.BELOW_PUBLISHED, f"20x20 is {single.items[0].result}")

frame = post_check.sync(
    client=client,
    body=[
        Measurement(id="12:34", figure="metric.controls.ios.minimum-size", width=44, height=44),
        Measurement(id="12:35", figure="metric.no-such-figure", value=3),
    ],
)
expect(isinstance(frame, CheckResultList), f"batch parsed as {type(frame).__name__}")
expect([item.id for item in frame.items] == ["12:34", "12:35"], "the caller's ids, in order")
expect(frame.items[0].result == CheckResultResult.OK, f"44x44 is {frame.items[0].result}")
expect(isinstance(frame.items[1].error, CheckError), "the unknown figure's own error")

# The aliases the server accepts are values the typed client accepts too: Apple's AX5, mac.
ax5 = get_dynamic_type.sync(client=client, category=GetDynamicTypeCategory("AX5"), style=GetDynamicTypeStyle.BODY)
expect(isinstance(ax5, DynamicTypeList) and ax5.items, "dynamic type at AX5")
expect(all(row.category.value == "accessibility5" for row in ax5.items), "AX5 answers as accessibility5")
mac = get_metrics.sync(client=client, platform=GetMetricsPlatform("mac"))
on_mac = [{platform.value for platform in row.platforms} & {"macos", "all"} for row in mac.items]
expect(mac.items and all(on_mac), "platform=mac answers macOS figures")

# A diff without to= compares with the latest; latest names it; counts include first-seen facts.
latest = get_diff.sync(client=client, from_="2023")
named = get_diff.sync(client=client, from_="2023", to="latest")
expect(isinstance(latest, Diff) and isinstance(latest.counts, DiffCounts), "diff counts are typed")
expect(latest.counts.first_seen == len(latest.first_seen), "DiffCounts.firstSeen counts the first-seen rows")
expect(named.to == latest.to, f"to=latest is {named.to}, no to is {latest.to}")

diff = get_diff.sync(client=client, from_="2023", to="2025-03-07")
expect(isinstance(diff, Diff), f"diff parsed as {type(diff).__name__}")
expect(diff.added and all(isinstance(row, DiffRow) for row in diff.added), "diff.added holds DiffRow models")
expect(any(row.field == "width" for row in diff.changed), "diff.changed names the field")

print(
    f"typed client: {len(devices.items)} iPhones, {len(widgets.items)} widget sizes, body {body.size}/{body.leading} pt,"
    f" check {single.items[0].result.value}, batch of {len(frame.items)}, diff +{len(diff.added)}"
    f" -{len(diff.removed)} ~{len(diff.changed)}, {len(header_notes)} note on an empty answer"
)
