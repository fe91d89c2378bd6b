// A response body that is already JSON text. The calendar's range feed has SQLite write each
// event's JSON (json_object) instead of building thousands of row objects, presenting them and
// serializing them again: at 4,000 events a month that was half the request's time and most of
// its garbage. The serializers (register.ts) send such a body as it is.
export class PreSerialized {
  constructor(readonly json: string) {}
}
