#!/usr/bin/python3
"""A CalDAV client scenario step, run with Debian's python3-caldav against Almanac and Radicale alike.

Usage: caldav_client.py STEP [ARG...]; the server comes from CALDAV_URL, CALDAV_USER,
CALDAV_PASSWORD and the calendar from CALDAV_CALENDAR (the last segment of its URL). Each step
prints one JSON object on stdout. The same steps against Radicale, a reference server, show that
the steps themselves are right.
"""
import json
import os
import sys

import caldav
from caldav.lib import error

URL = os.environ["CALDAV_URL"]
CALENDAR = os.environ.get("CALDAV_CALENDAR", "")


def client():
    return caldav.DAVClient(URL, username=os.environ["CALDAV_USER"], password=os.environ["CALDAV_PASSWORD"])


def calendar(dav):
    principal = dav.principal()
    for cal in principal.calendars():
        if str(cal.url).rstrip("/").split("/")[-1] == CALENDAR:
            return principal, cal
    raise SystemExit(json.dumps({"error": "calendar %s not found" % CALENDAR}))


def calendar_text(*events):
    """A VCALENDAR of VEVENTs, each given as its lines."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Almanac tests//python-caldav//EN"]
    for event in events:
        lines += ["BEGIN:VEVENT"] + event + ["END:VEVENT"]
    return "\r\n".join(lines + ["END:VCALENDAR", ""])


def event_text(uid, summary, start, end, location=None):
    lines = ["UID:" + uid, "DTSTAMP:20260101T000000Z", "DTSTART:" + start, "DTEND:" + end, "SUMMARY:" + summary]
    if location:
        lines.append("LOCATION:" + location)
    return calendar_text(lines)


def series_text(uid, summary, start, moved_from, moved_to, excluded):
    """A weekly series of five (UTC times, two hours each), one occurrence moved and one excluded."""
    hours = lambda text: text[:9] + "%02d" % (int(text[9:11]) + 2) + text[11:]
    stamp = "DTSTAMP:20260101T000000Z"
    master = ["UID:" + uid, stamp, "DTSTART:" + start, "DTEND:" + hours(start), "RRULE:FREQ=WEEKLY;COUNT=5"]
    master += ["EXDATE:" + excluded, "SUMMARY:" + summary]
    moved = ["UID:" + uid, stamp, "RECURRENCE-ID:" + moved_from, "DTSTART:" + moved_to, "DTEND:" + hours(moved_to)]
    return calendar_text(master, moved + ["SUMMARY:" + summary + " (moved)"])


def utc(value):
    """An icalendar date-time as 20270504T180000Z (whatever zone it was written in)."""
    from datetime import timezone

    return value.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def series_of(obj):
    """The series an object holds: its master's summary, rule and excluded dates, and its exceptions."""
    master, exceptions = None, []
    for component in obj.icalendar_instance.walk("VEVENT"):
        if component.get("recurrence-id") is None:
            master = component
        else:
            exceptions.append(
                {
                    "recurrence_id": utc(component.get("recurrence-id").dt),
                    "summary": str(component.get("summary")),
                    "start": utc(component.get("dtstart").dt),
                }
            )
    exdates = []
    for prop in master.get("exdate", []) if isinstance(master.get("exdate"), list) else [master.get("exdate")]:
        if prop is not None:
            exdates += [utc(d.dt) for d in prop.dts]
    return {
        "url": str(obj.url),
        "summary": str(master.get("summary")),
        "rrule": master.get("rrule").to_ical().decode() if master.get("rrule") else None,
        "exdates": exdates,
        "exceptions": sorted(exceptions, key=lambda e: e["recurrence_id"]),
    }


def header(response, name):
    value = response.headers.get(name)
    return value


def main(step, args):
    dav = client()
    if step == "ensure-calendar":
        # Radicale starts empty: make the calendar the scenario uses (Almanac's exist already).
        principal = dav.principal()
        names = [str(c.url).rstrip("/").split("/")[-1] for c in principal.calendars()]
        if CALENDAR not in names:
            principal.make_calendar(name=CALENDAR, cal_id=CALENDAR)
        return {"ok": True}
    principal, cal = calendar(dav)
    if step == "discover":
        home = principal.calendar_home_set
        return {
            "principal": str(principal.url),
            "home": str(home.url),
            "calendars": [str(c.url) for c in principal.calendars()],
            "calendar": str(cal.url),
        }
    if step == "create":
        uid, summary, start, end = args[:4]
        event = cal.save_event(event_text(uid, summary, start, end, args[4] if len(args) > 4 else None))
        return {"url": str(event.url)}
    if step == "read":
        event = cal.event_by_uid(args[0])
        event.load()
        response = dav.request(str(event.url), "GET")
        component = event.icalendar_instance.walk("VEVENT")[0]
        return {
            "url": str(event.url),
            "etag": header(response, "etag"),
            "summary": str(component.get("summary")),
            "location": str(component.get("location", "")),
            "start": component.get("dtstart").dt.isoformat(),
        }
    if step == "put-if-match":
        # An update that names the version it changes: 412 when that version is stale.
        url, etag, uid, summary, start, end = args[:6]
        response = dav.put(url, event_text(uid, summary, start, end), {"Content-Type": "text/calendar; charset=utf-8", "If-Match": etag})
        return {"status": response.status}
    if step == "create-if-none-match":
        url, uid, summary, start, end = args[:5]
        response = dav.put(url, event_text(uid, summary, start, end), {"Content-Type": "text/calendar; charset=utf-8", "If-None-Match": "*"})
        return {"status": response.status}
    if step == "delete-if-match":
        url, etag = args[:2]
        response = dav.delete(url) if etag == "-" else dav.request(url, "DELETE", "", {"If-Match": etag})
        return {"status": response.status}
    if step == "sync":
        token = args[0] if args else None
        objects = cal.objects_by_sync_token(sync_token=token, load_objects=True)
        found = []
        for obj in objects:
            summary = None
            if obj.data:
                summary = str(obj.icalendar_instance.walk("VEVENT")[0].get("summary"))
            found.append({"url": str(obj.url), "summary": summary})
        return {"token": objects.sync_token, "objects": found}
    if step == "conditions":
        # HTTP's conditions on objects (RFC 9110 §13), each answer's status: the object `uid` exists.
        uid, missing_url = args[:2]
        event = cal.event_by_uid(uid)
        event.load()
        url = str(event.url)
        etag = header(dav.request(url, "GET"), "etag")
        body = event.data
        ical = {"Content-Type": "text/calendar; charset=utf-8"}
        status = lambda response: response.status
        return {
            "put_if_match_star_missing": status(dav.put(missing_url, body.replace(uid, "missing-" + uid), dict(ical, **{"If-Match": "*"}))),
            "put_if_match_weak": status(dav.put(url, body, dict(ical, **{"If-Match": "W/" + etag}))),
            "put_if_none_match_star": status(dav.put(url, body, dict(ical, **{"If-None-Match": "*"}))),
            "put_if_match_star": status(dav.put(url, body, dict(ical, **{"If-Match": "*"}))),
            "delete_if_match_weak": status(dav.request(url, "DELETE", "", {"If-Match": "W/" + etag})),
            "delete_if_match_star": status(dav.request(url, "DELETE", "", {"If-Match": "*"})),
            "delete_missing": status(dav.request(url, "DELETE", "")),
        }
    if step == "create-series":
        uid, summary, start, moved_from, moved_to, excluded = args[:6]
        event = cal.save_event(series_text(uid, summary, start, moved_from, moved_to, excluded))
        return {"url": str(event.url)}
    if step == "read-series":
        event = cal.event_by_uid(args[0])
        event.load()
        response = dav.request(str(event.url), "GET")
        return dict(series_of(event), etag=header(response, "etag"))
    if step == "retitle-series":
        # What a calendar app does to "all events": the master's SUMMARY, sent back with its ETag.
        uid, title = args[:2]
        event = cal.event_by_uid(uid)
        event.load()
        etag = header(dav.request(str(event.url), "GET"), "etag")
        for component in event.icalendar_instance.walk("VEVENT"):
            if component.get("recurrence-id") is None:
                component["summary"] = title
        response = dav.put(str(event.url), event.icalendar_instance.to_ical(), {"Content-Type": "text/calendar; charset=utf-8", "If-Match": etag})
        return {"status": response.status}
    if step == "expand":
        # Server-side expansion (CALDAV:expand) of a time range: each instance on its own.
        from datetime import datetime, timezone

        parse = lambda text: datetime.strptime(text, "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)
        instances = []
        for obj in cal.search(start=parse(args[0]), end=parse(args[1]), event=True, expand=True):
            for component in obj.icalendar_instance.walk("VEVENT"):
                instances.append({"start": utc(component.get("dtstart").dt), "summary": str(component.get("summary"))})
        return {"instances": sorted(instances, key=lambda i: i["start"])}
    if step == "sync-series":
        objects = cal.objects_by_sync_token(sync_token=args[0] if args else None, load_objects=True)
        return {"token": objects.sync_token, "objects": [series_of(obj) if obj.data else {"url": str(obj.url)} for obj in objects]}
    if step == "search":
        start, end = args[:2]
        from datetime import datetime, timezone

        parse = lambda text: datetime.strptime(text, "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)
        events = cal.date_search(parse(start), parse(end), expand=len(args) > 2 and args[2] == "expand")
        return {"summaries": sorted(str(e.icalendar_instance.walk("VEVENT")[0].get("summary")) for e in events)}
    raise SystemExit(json.dumps({"error": "unknown step " + step}))


if __name__ == "__main__":
    try:
        print(json.dumps(main(sys.argv[1], sys.argv[2:])))
    except error.DAVError as failure:
        print(json.dumps({"error": type(failure).__name__, "message": str(failure)[:500]}))
