// Strings of the hand-written screens (src/screen-kit/screens, src/screen-kit/fields).
import type { ScreensMessages } from "../en/screens";

const screens: ScreensMessages = {
  screens: {
    common: {
      yes: "Sí",
      no: "No",
      ok: "Aceptar",
      cancel: "Cancelar",
      back: "Volver",
      search: "Buscar",
      reset: "Restablecer",
    },
    list: {
      create: "Añadir",
      export: "Exportar",
      show: "Ver",
      edit: "Editar",
      delete: "Eliminar",
      actions: "Acciones",
      confirmDelete: "¿Eliminar este registro?",
      actionDone: "Hecho",
      total: "{{total}} en total",
      from: "Desde",
      to: "Hasta",
      startDate: "Fecha inicial",
      endDate: "Fecha final",
      choose: "Seleccione",
      enter: "Introduzca",
    },
    form: { save: "Guardar", noRecord: "Registro no encontrado", chooseFirst: "Elija primero {{fields}}" },
    show: { title: "Detalles" },
    tree: {
      addRoot: "Añadir nodo raíz",
      addChild: "Añadir hijo",
      rename: "Renombrar",
      confirmDelete: "¿Eliminar este nodo?",
      hasChildren: "Elimine primero sus nodos hijos",
      selectNode: "Seleccione un nodo a la izquierda",
      empty: "Sin datos",
      noEndpoint: "Este recurso no tiene llamada de árbol",
    },
    report: { dateRange: "Rango de fechas", noData: "Sin datos" },
    region: { placeholder: "Provincia / ciudad / distrito", loadFailed: "No se pudieron cargar las regiones" },
    image: { placeholder: "URL de la imagen (http/https)", preview: "Vista previa" },
    rules: {
      required: "Introduzca {{label}}",
      minLength: "{{label}} necesita al menos {{value}} caracteres",
      maxLength: "{{label}} admite como máximo {{value}} caracteres",
      minimum: "{{label}} debe ser como mínimo {{value}}",
      maximum: "{{label}} debe ser como máximo {{value}}",
      pattern: "{{label}} tiene un formato no válido",
      integer: "{{label}} debe ser un número entero",
      email: "{{label}} debe ser un correo electrónico válido",
      uri: "{{label}} debe ser una URL válida",
      phone: "{{label}} debe ser un número de teléfono válido",
      date: "{{label}} debe ser una fecha válida",
      dateTime: "{{label}} debe ser una fecha y hora válidas",
      color: "{{label}} debe ser un color como #1890ff",
      // spec §5: la regla de entrada común.
      inputRule: "No se permiten caracteres especiales como %!=/:;“’ ni caracteres chinos",
    },
  },
};

export default screens;
