from django.db import connection
from django.db.models.expressions import RawSQL
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import path
from django.views import View
from django.views.decorators.http import require_POST

from .models import Person


# a view routed from urls.py: it answers the request it is given
def person_age(request):
    name = request.GET.get("name")
    # ruleid: sql_injection
    age = Person.objects.annotate(age=RawSQL(f"SELECT age FROM people WHERE name = '{name}'", ()))
    return JsonResponse({"age": list(age.values("age"))})


def search(request):
    term = request.headers.get("X-Search")
    with connection.cursor() as cur:
        # ruleid: sql_injection
        cur.execute("SELECT id FROM people WHERE bio LIKE '%" + term + "%'")
        rows = cur.fetchall()
    return render(request, "search.html", {"rows": rows})


@require_POST
def rename(req):
    # ruleid: sql_injection
    Person.objects.extra(where=["name = '%s'" % req.POST["old"]]).update(name=req.POST["new"])
    return HttpResponse("ok")


def by_slug(request, slug):
    # ruleid: sql_injection
    people = Person.objects.raw("SELECT * FROM people WHERE slug = '%s'" % slug)
    # ok: sql_injection
    same = Person.objects.raw("SELECT * FROM people WHERE slug = %s", [slug])
    return render(request, "people.html", {"people": people, "same": same})


class PeopleView(View):
    def get(self, request):
        order = request.GET.get("order", "name")
        # ruleid: sql_injection
        rows = Person.objects.raw("SELECT * FROM people ORDER BY " + order)
        return render(request, "people.html", {"people": rows})


def export(request, table):
    with connection.cursor() as cur:
        # ruleid: sql_injection
        cur.execute(f"SELECT * FROM {table}")
        return HttpResponse(str(cur.fetchall()))


urlpatterns = [path("export/<str:table>/", export)]


# a helper that builds a response from a value is no view: its caller chose the column
def column_error(column):
    with connection.cursor() as cur:
        # ok: sql_injection
        cur.execute("SELECT count(*) FROM people WHERE %s IS NULL", [column])
    return JsonResponse({"error": column})


# a helper of the views that answers with a response but is given a report, not the request: the
# caller chose what it holds (of unknown origin, reported one severity lower)
def report_response(report):
    with connection.cursor() as cur:
        # ruleid: sql_injection
        cur.execute("SELECT * FROM " + report.table)
        return JsonResponse({"rows": cur.fetchall()})
