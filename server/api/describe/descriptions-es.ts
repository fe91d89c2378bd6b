// Spanish catalogue of request-parameter descriptions for svc/events/v1.
//
// On sites whose language is Spanish (es, or the Argentina, Bolivia, Chile, Colombia, Mexico or
// Peru variants), the namespace index and the OpenAPI document describe every request parameter
// in Spanish. The English text lives next to each schema (the `description` of each route arg);
// this file maps each of those English strings, verbatim, to its Spanish version.
//
// Rules for entries:
// - The key is the exact English description, including strings generated from templates with
//   the resource name inside ("The venue ID.", "Only organizers linked to this event ID.").
// - The Spanish is neutral, professional documentation Spanish that keeps every detail of the
//   English. Technical tokens stay as they are: parameter names, IDs, slugs, URLs, true/false,
//   enum values, UTC, IANA, HTML, WGS 84 and times such as 00:00:00.
// - Terminology: evento, lugar (venue), organizador, categoría, etiqueta, término,
//   publicación (post), slug, ID (invariable in the plural: "estos ID").
//
// test/describe/descriptions-es.test.ts fails when a parameter description has no entry here, and
// when an entry is no longer used by any route, so edit this file whenever a description changes.

import { EVENT_FLAGS } from '../../../contract/constants.ts';

/** English parameter description → Spanish. Keyed by the English text: a test fails when an English description has no Spanish entry. */
export const SPANISH_DESCRIPTIONS: Readonly<Record<string, string>> = {
  // The event's yes/no fields carry their Spanish beside them (contract/constants.ts EVENT_FLAGS).
  ...Object.fromEntries(Object.values(EVENT_FLAGS).map((flag) => [flag.description, flag.es])),
  'What the page is sorted by: start_date (as /events), title, or venue (its name; none last).':
    'Por qué se ordena la página: start_date (como /events), title o venue (su nombre; los que no tienen, al final).',
  'asc (A to Z, earliest first) or desc.': 'asc (de la A a la Z, los más tempranos primero) o desc.',
  'Which trash to empty: events, venues or organizers.': 'Qué papelera vaciar: eventos, lugares u organizadores.',
  'The currency symbol costs are shown with (€, $, kr).':
    'El símbolo de moneda con el que se muestran los precios (€, $, kr).',
  'Whether the symbol comes before the amount ($15) or after it (15 €).':
    'Si el símbolo va antes del importe ($15) o después (15 €).',
  'The ISO 4217 code of the currency (EUR, USD, MXN).': 'El código ISO 4217 de la moneda (EUR, USD, MXN).',
  'How many months ahead the occurrences of repeating events that never end exist (default 24).':
    'Cuántos meses por delante existen las repeticiones de los eventos periódicos sin fin (24 de forma predeterminada).',
  'The events to change.': 'Los eventos que se cambian.',
  'trash, restore (trashed events back to the status they had: the Undo of trash), publish, draft, add_categories (the categories given, besides their own), add_tags, or set_venue.':
    'trash, restore (los eventos de la papelera vuelven al estado que tenían: deshace trash), publish, draft, add_categories (las categorías indicadas, además de las suyas), add_tags o set_venue.',
  'add_categories: category IDs or names (unknown names are created).':
    'add_categories: ID o nombres de categorías (los nombres que no existen se crean).',
  'add_tags: tag IDs or names (unknown names are created).':
    'add_tags: ID o nombres de etiquetas (los nombres que no existen se crean).',
  'set_venue: the venue ID (0: no venue).': 'set_venue: el ID del lugar (0: ningún lugar).',
  'true: a repeating event is one row (its first occurrence in the window), not one per occurrence.':
    'true: un evento periódico es una sola fila (su primera repetición dentro del intervalo), no una por repetición.',
  // almanac/v1/event-feed
  "For a month grid: at most this many events a day, in the site's time zone, in the order a calendar lists them (all-day and multi-day first, then by start); a day with one more shows it too. The rest are counted in `more`.":
    'Para una cuadrícula mensual: como máximo este número de eventos por día, en la zona horaria del sitio, en el orden en que los lista un calendario (primero los de todo el día y los de varios días, luego por inicio); un día con uno más los muestra todos. El resto se cuenta en `more`.',
  // almanac/v1/series
  'The undo token a series change answered with.': 'La clave para deshacer con la que respondió un cambio de la serie.',
  "The event that becomes the series' first occurrence.": 'El evento que pasa a ser la primera repetición de la serie.',
  'The recurrence rule: an RFC 5545 RRULE value such as FREQ=WEEKLY;BYDAY=TU or FREQ=MONTHLY;BYDAY=1SA;COUNT=10. At most once a day; unknown parts are refused.':
    'La regla de repetición: un valor RRULE de RFC 5545, como FREQ=WEEKLY;BYDAY=TU o FREQ=MONTHLY;BYDAY=1SA;COUNT=10. Como mucho una vez al día; las partes desconocidas se rechazan.',
  'Extra dates the series also falls on (YYYY-MM-DD), at its time of day.':
    'Fechas adicionales en las que también hay repetición (YYYY-MM-DD), a la hora de la serie.',
  'Dates the rule gives that the series skips (YYYY-MM-DD).':
    'Fechas que da la regla y que la serie omite (YYYY-MM-DD).',
  'The first occurrence\'s start: "YYYY-MM-DD HH:MM[:SS]" or a date.':
    'El inicio de la primera repetición: "YYYY-MM-DD HH:MM[:SS]" o una fecha.',
  'Its end (default: one hour later).': 'Su final (valor predeterminado: una hora después).',
  "The series' time zone (default: the site's).": 'La zona horaria de la serie (valor predeterminado: la del sitio).',
  'An all-day series.': 'Una serie de eventos de todo el día.',
  'The series ID.': 'El ID de la serie.',
  "Event fields to change on every occurrence (as PATCH /events/{id} takes them). start_date and end_date set the series' time of day and length (and its first date).":
    'Campos del evento que se cambian en todas las repeticiones (como los recibe PATCH /events/{id}). start_date y end_date fijan la hora y la duración de la serie (y su primera fecha).',
  'true: occurrences changed on their own take these changes too — a new time of day on their own date; their other changes and their date stay.':
    'true: las repeticiones cambiadas por separado también reciben estos cambios — la nueva hora en su propia fecha; sus demás cambios y su fecha se mantienen.',
  'Delete this occurrence and those after it only (the series ends before it); without it, all of them.':
    'Eliminar solo esta repetición y las siguientes (la serie termina antes de ella); sin este parámetro, todas.',
  'The occurrence from which on the changes apply: the series splits in two there.':
    'La repetición a partir de la cual se aplican los cambios: la serie se divide en dos en ese punto.',
  'The occurrence that stays, as a single event.': 'La repetición que queda, como evento suelto.',
  'following: the series ends before `occurrence`, the later occurrences go to the trash; all: every other occurrence goes to the trash, and the series with them.':
    'following: la serie termina antes de `occurrence` y las repeticiones posteriores van a la papelera; all: todas las demás repeticiones van a la papelera, y la serie con ellas.',
  'Alias of post; wins when both are given.': 'Alias de post; tiene prioridad cuando se indican ambos.',
  'An all-day event: it runs from 00:00:00 of the start day to 23:59:59 of the end day.':
    'Un evento de todo el día: dura desde las 00:00:00 del día de inicio hasta las 23:59:59 del día de finalización.',
  'Category IDs or names; unknown names are created. An empty value removes all.':
    'ID o nombres de categorías; los nombres que no existen se crean. Un valor vacío las quita todas.',
  'Delete permanently instead of moving to the trash.': 'Eliminar de forma definitiva en lugar de mover a la papelera.',
  'Events at any of these venues (IDs).': 'Eventos en cualquiera de estos lugares (ID).',
  'Events by any of these organizers (IDs).': 'Eventos de cualquiera de estos organizadores (ID).',
  'Events in any of these categories (IDs or slugs); a parent matches its children.':
    'Eventos de cualquiera de estas categorías (ID o slugs); una categoría padre abarca también sus categorías hijas.',
  'Events that end after this date.': 'Eventos que terminan después de esta fecha.',
  'Events that end before this date.': 'Eventos que terminan antes de esta fecha.',
  'Events that end on or before this date. Default: the end of the day 24 months ahead.':
    'Eventos que terminan en esta fecha o antes. Valor predeterminado: el final del día, dentro de 24 meses.',
  'Events that start after this date.': 'Eventos que comienzan después de esta fecha.',
  'Events that start before this date.': 'Eventos que comienzan antes de esta fecha.',
  'Events that start on or after this date. Default: the start of yesterday.':
    'Eventos que comienzan en esta fecha o después. Valor predeterminado: el inicio del día de ayer.',
  'Events whose parent is this event ID.': 'Eventos cuyo evento padre tiene este ID.',
  'Events whose title, description or excerpt contains this text.':
    'Eventos cuyo título, descripción o extracto contiene este texto.',
  'Events with any of these tags (IDs or slugs).': 'Eventos con cualquiera de estas etiquetas (ID o slugs).',
  'Events with tickets (none: this product sells no tickets) or without.':
    'Eventos con entradas (ninguno: este producto no vende entradas) o sin ellas.',
  'Hide terms that no published event uses.': 'Ocultar los términos que no usa ningún evento publicado.',
  'Ignored: terms are always deleted permanently.': 'Se ignora: los términos siempre se eliminan de forma definitiva.',
  'Latitude in degrees (WGS 84); an empty string clears it.': 'Latitud en grados (WGS 84); una cadena vacía la borra.',
  'Latitude of the search centre; needs geoloc_lng.': 'Latitud del centro de la búsqueda; requiere geoloc_lng.',
  'Leave out these term IDs.': 'Excluir los términos con estos ID.',
  'Longitude in degrees (WGS 84); an empty string clears it.':
    'Longitud en grados (WGS 84); una cadena vacía la borra.',
  'Longitude of the search centre; needs geoloc_lat.': 'Longitud del centro de la búsqueda; requiere geoloc_lat.',
  'Only events whose venue has coordinates (true) or has none (false).':
    'Solo los eventos cuyo lugar tiene coordenadas (true) o no las tiene (false).',
  'Only featured events (true) or only non-featured ones (false).':
    'Solo los eventos destacados (true) o solo los no destacados (false).',
  'Only organizers linked to an upcoming event.': 'Solo los organizadores vinculados a algún evento próximo.',
  'Only organizers linked to events (true) or to none (false).':
    'Solo los organizadores vinculados a eventos (true) o a ninguno (false).',
  'Only organizers linked to this event ID.': 'Solo los organizadores vinculados al evento con este ID.',
  'Only terms assigned to this event.': 'Solo los términos asignados a este evento.',
  'Only terms with this parent (0: top-level terms).':
    'Solo los términos con este término padre (0: términos de nivel superior).',
  'Only the term with this slug.': 'Solo el término con este slug.',
  'Only these event IDs. The date window is then not applied.':
    'Solo los eventos con estos ID. En ese caso, no se aplica el intervalo de fechas.',
  'Only these term IDs.': 'Solo los términos con estos ID.',
  'Only venues linked to an upcoming event.': 'Solo los lugares vinculados a algún evento próximo.',
  'Only venues linked to events (true) or to none (false).':
    'Solo los lugares vinculados a eventos (true) o a ninguno (false).',
  'Only venues linked to this event ID.': 'Solo los lugares vinculados al evento con este ID.',
  'Organizers whose name, description or contact fields contain this text.':
    'Organizadores cuyo nombre, descripción o campos de contacto contienen este texto.',
  'Organizers: IDs, {"id": N} objects or fields of new organizers, in order. An empty value removes all.':
    'Organizadores: ID, objetos {"id": N} o campos de organizadores nuevos, en orden. Un valor vacío los quita todos.',
  'Post status, or a comma-separated list of statuses.':
    'Estado de la publicación, o una lista de estados separados por comas.',
  'Sort direction: asc or desc.': 'Sentido de la ordenación: asc o desc.',
  'Tag IDs or names; unknown names are created. An empty value removes all.':
    'ID o nombres de etiquetas; los nombres que no existen se crean. Un valor vacío las quita todas.',
  'Terms whose name or slug contains this text.': 'Términos cuyo nombre o slug contiene este texto.',
  'The ID of the author (a user).': 'El ID del autor (un usuario).',
  'The URL slug; made unique when taken.': 'El slug de la URL; si ya está en uso, se modifica para que sea único.',
  'The ZIP or postal code.': 'El código postal o ZIP.',
  'The archive page to return.': 'La página del archivo que se devuelve.',
  'The category ID.': 'El ID de la categoría.',
  'The category description.': 'La descripción de la categoría.',
  'The category name.': 'El nombre de la categoría.',
  'The category slug; made unique when taken.':
    'El slug de la categoría; si ya está en uso, se modifica para que sea único.',
  'The city.': 'La ciudad.',
  'The cost: a string such as "20$" or "Free", or an array of prices for a range.':
    'El costo: una cadena como "20$" o "Free", o una matriz de precios para indicar un rango.',
  'The country.': 'El país.',
  'The description: HTML allowed.': 'La descripción: se admite HTML.',
  'The e-mail address.': 'La dirección de correo electrónico.',
  'The end date and time, in the event time zone.':
    'La fecha y la hora de finalización, en la zona horaria del evento.',
  'The event ID.': 'El ID del evento.',
  'The event slug.': 'El slug del evento.',
  'The event time zone: an IANA name, UTC, or an offset such as UTC+5 or UTC-3:30.':
    'La zona horaria del evento: un nombre IANA, UTC o un desfase horario como UTC+5 o UTC-3:30.',
  'The event title.': 'El título del evento.',
  'The event website URL; an empty string clears it.': 'La URL del sitio web del evento; una cadena vacía la borra.',
  'The excerpt.': 'El extracto.',
  'The featured image: the ID of a stored image or an image URL; an empty string removes it.':
    'La imagen destacada: el ID de una imagen almacenada o la URL de una imagen; una cadena vacía la quita.',
  'The language variant of the content: Spanish as written in Argentina (arg), Bolivia (bo), Chile (cl), Colombia (co), Mexico (mx), Peru (pe) or Spain (es).':
    'La variante lingüística del contenido: español tal como se escribe en Argentina (arg), Bolivia (bo), Chile (cl), Colombia (co), México (mx), Perú (pe) o España (es).',
  'The namespace to describe.': 'El espacio de nombres que se describe.',
  'The number of categories to return on each page (at most 50; larger values are clamped).':
    'La cantidad de categorías que se devuelven en cada página (50 como máximo; los valores mayores se reducen a 50).',
  'The number of events to return on each page (at most 50; larger values are clamped).':
    'La cantidad de eventos que se devuelven en cada página (50 como máximo; los valores mayores se reducen a 50).',
  'The number of organizers to return on each page (at most 50; larger values are clamped).':
    'La cantidad de organizadores que se devuelven en cada página (50 como máximo; los valores mayores se reducen a 50).',
  'The number of tags to return on each page (at most 50; larger values are clamped).':
    'La cantidad de etiquetas que se devuelven en cada página (50 como máximo; los valores mayores se reducen a 50).',
  'The number of venues to return on each page (at most 50; larger values are clamped).':
    'La cantidad de lugares que se devuelven en cada página (50 como máximo; los valores mayores se reducen a 50).',
  'The organizer ID.': 'El ID del organizador.',
  'The organizer name.': 'El nombre del organizador.',
  'The organizer slug.': 'El slug del organizador.',
  'The organizer website URL.': 'La URL del sitio web del organizador.',
  'The parent category ID (0: a top-level category).':
    'El ID de la categoría padre (0: una categoría de nivel superior).',
  'The phone number.': 'El número de teléfono.',
  'The post password. Once set, reads of the post need it.':
    'La contraseña de la publicación. Una vez establecida, se necesita para leer la publicación.',
  'The post status.': 'El estado de la publicación.',
  'The province.': 'La provincia.',
  'The publication date, in UTC.': 'La fecha de publicación, en UTC.',
  'The publication date, in the site time zone.': 'La fecha de publicación, en la zona horaria del sitio.',
  'The request context.': 'El contexto de la solicitud.',
  'The start date and time, in the event time zone.': 'La fecha y la hora de inicio, en la zona horaria del evento.',
  'The state or province; filled from state or province when not given.':
    'El estado o la provincia; si no se indica, se completa a partir de state o province.',
  'The state.': 'El estado.',
  'The street address.': 'La dirección (calle y número).',
  'The tag ID.': 'El ID de la etiqueta.',
  'The tag description.': 'La descripción de la etiqueta.',
  'The tag name.': 'El nombre de la etiqueta.',
  'The tag slug; made unique when taken.': 'El slug de la etiqueta; si ya está en uso, se modifica para que sea único.',
  'The term attribute to sort by (default: name).':
    'El atributo del término por el que se ordena (valor predeterminado: name).',
  'The venue ID.': 'El ID del lugar.',
  'The venue name.': 'El nombre del lugar.',
  'The venue slug.': 'El slug del lugar.',
  'The venue website URL.': 'La URL del sitio web del lugar.',
  'The venue: an ID, {"id": N}, or the fields of a new venue. An empty value detaches it.':
    'El lugar: un ID, {"id": N} o los campos de un lugar nuevo. Un valor vacío lo desvincula.',
  'Venues whose name, description or contact fields contain this text.':
    'Lugares cuyo nombre, descripción o campos de contacto contienen este texto.',
  'When false, date filters include whole days; when true, they apply at the exact times given.':
    'Con false, los filtros de fecha abarcan días completos; con true, se aplican a las horas exactas indicadas.',
  'Whether events at the venue show a map (true/false, 1/0, yes/no).':
    'Indica si los eventos de este lugar muestran un mapa (true/false, 1/0, yes/no).',
  'Whether events at the venue show a map link (true/false, 1/0, yes/no).':
    'Indica si los eventos de este lugar muestran un enlace al mapa (true/false, 1/0, yes/no).',
  'view, or edit to read a protected event you may edit.':
    'view, o bien edit para leer un evento protegido que tiene permiso para editar.',
  'A label: which tool uses it.': 'Una etiqueta: qué herramienta lo usa.',
  'Whose token (a login). Administrators may name any user; others only themselves.':
    'De quién es el token (un nombre de usuario). Los administradores pueden indicar cualquier usuario; los demás, solo a sí mismos.',
  'The token id.': 'El id del token.',
  'Which trash: events, venues or organizers.':
    'Qué papelera: eventos (events), lugares (venues) u organizadores (organizers).',
  'The number of items to return on each page (at most 50; larger values are clamped).':
    'El número de elementos por página (como máximo 50; los valores mayores se reducen a 50).',
  'Lowercase letters, digits and "-": the site is served at /{code}/. Not "svc" or "default".':
    'Minúsculas, cifras y «-»: el sitio se sirve en /{code}/. Ni «svc» ni «default».',
  'The site title.': 'El título del sitio.',
  '`en`, or a Spanish variant: arg, bo, cl, co, mx, pe, es.':
    '`en`, o una variante del español: arg, bo, cl, co, mx, pe, es.',
  'An IANA time zone (Europe/Madrid) or UTC±N.': 'Una zona horaria IANA (Europe/Madrid) o UTC±N.',
  'The default page size of collections (requests may still ask for up to 50).':
    'El tamaño de página por omisión de las colecciones (las peticiones pueden pedir hasta 50).',
  'The site to change.': 'El sitio que se modifica.',
  'Resume after this change (the `id` of the last message received). The Last-Event-ID header, which EventSource sends by itself on reconnect, does the same and wins.':
    'Reanuda después de este cambio (el `id` del último mensaje recibido). La cabecera Last-Event-ID, que EventSource envía sola al reconectar, hace lo mismo y prevalece.',
  'Unlocks the password-protected events of the page that have this password, as a single read does.':
    'Desbloquea los eventos protegidos de la página que tienen esta contraseña, como lo hace la lectura de uno solo.',
  'edit: also unlocks the protected events of the page the caller may edit.':
    'edit: desbloquea además los eventos protegidos de la página que quien llama puede editar.',
  'The web origin: an origin such as http://localhost:5173 or https://example.org (scheme, host, optional port; no path).':
    'El origen web: un origen como http://localhost:5173 o https://example.org (esquema, host y puerto opcional; sin ruta).',
  "`ics` (iCalendar, RFC 5545) or `csv` (The Events Calendar's importer columns).":
    '`ics` (iCalendar, RFC 5545) o `csv` (las columnas del importador de The Events Calendar).',
  'true: without date parameters, the /events default window (from yesterday, 24 months ahead), as the events list shows; by default every event.':
    'true: sin parámetros de fecha, la ventana por omisión de /events (desde ayer, 24 meses adelante), como la muestra la lista de eventos; por omisión, todos los eventos.',
  "The file's format; by default from the Content-Type (text/calendar or text/csv).":
    'El formato del archivo; por omisión, según el Content-Type (text/calendar o text/csv).',
  'true: answer the preview and write nothing.': 'true: responde la vista previa y no escribe nada.',
  'The import job (the id its start answered).': 'El trabajo de importación (el id que respondió su inicio).',
  "The file's name as the user chose it (shown in the list of import jobs; the file itself is the request body).":
    'El nombre del archivo tal como lo eligió el usuario (se muestra en la lista de trabajos de importación; el archivo es el cuerpo de la solicitud).',
  'What the rows are: events (any file), or for a CSV file venues or organizers.':
    'Qué son las filas: eventos (cualquier archivo) o, en un archivo CSV, lugares u organizadores.',
  "CSV only: JSON object from a column heading to a field id (see the preview's columns), for headings that are not The Events Calendar's.":
    'Solo CSV: objeto JSON de encabezado de columna a id de campo (ver las columnas de la vista previa), para encabezados que no son los de The Events Calendar.',
  'true: share CalDAV on the network; false: stop.': 'true: compartir CalDAV en la red; false: dejar de compartir.',
  'The UI’s preferences (theme, first day of the week, language…): at most 32 plain values.':
    'Las preferencias de la interfaz (tema, primer día de la semana, idioma…): como mucho 32 valores simples.',
  // almanac/v1/sites/{code}/website (issue 38)
  'The site code.': 'El código del sitio.',
  "The website's address (https://…; a bare host is https).":
    'La dirección del sitio web (https://…; un nombre de host solo se toma como https).',
  'The WordPress user name.': 'El nombre de usuario de WordPress.',
  'An application password of that user (WordPress: Users → Profile → Application Passwords). Kept outside the calendar file; never shown again.':
    'Una contraseña de aplicación de ese usuario (WordPress: Usuarios → Perfil → Contraseñas de aplicación). Se guarda fuera del archivo del calendario; no se vuelve a mostrar.',
  "The first sync: publish (this calendar goes to the website; the website's events stay there), import (the website's events come here; ours stay here), merge (the same events — title and start — are paired, the rest goes both ways).":
    'La primera sincronización: publish (este calendario va al sitio web; los eventos del sitio se quedan allí), import (los eventos del sitio web vienen aquí; los nuestros se quedan aquí), merge (los mismos eventos —título e inicio— se emparejan y el resto va en ambos sentidos).',
  'The conflict ID.': 'El ID del conflicto.',
  "mine: Almanac's side is sent to the website; theirs: the website's side is written here.":
    'mine: lo de Almanac se envía al sitio web; theirs: lo del sitio web se escribe aquí.',
  'The failure ID.': 'El ID del fallo.',
  "The website's address.": 'La dirección del sitio web.',
  'Where WordPress sends the user name and the new password (an https:// address, a custom scheme such as almanac://, or http:// only for a local website). Left out: WordPress shows the new password on its page, for the user to copy into Almanac.':
    'Adónde envía WordPress el nombre de usuario y la nueva contraseña (una dirección https://, un esquema propio como almanac://, o http:// solo para un sitio web local). Si falta, WordPress muestra la nueva contraseña en su página, para que la copies en Almanac.',
};
