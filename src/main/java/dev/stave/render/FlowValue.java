package dev.stave.render;

import freemarker.core.Environment;
import freemarker.core.TemplateValueFormatException;
import freemarker.template.TemplateBooleanModel;
import freemarker.template.TemplateCollectionModel;
import freemarker.template.TemplateDirectiveBody;
import freemarker.template.TemplateDirectiveModel;
import freemarker.template.TemplateException;
import freemarker.template.TemplateHashModelEx2;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import freemarker.template.TemplateModelIterator;
import freemarker.template.TemplateNumberModel;
import freemarker.template.TemplateScalarModel;
import freemarker.template.TemplateSequenceModel;
import java.io.IOException;
import java.io.Writer;
import java.util.Map;

/**
 * {@code <@stave_flow value=x/>}: writes a data value in YAML flow style, maps as {@code {k: v, ...}}
 * in their order, lists as {@code [a, b]}, numbers and booleans as FreeMarker's {@code ?c} writes
 * them, and every string (keys included) through {@link YamlOutputFormat}, as one double-quoted
 * scalar. It is what the {@code v} macro of {@code lib.ftl} used to do by recursing into itself; a
 * macro call per map entry and list item was most of the templates' time in a large sweep.
 */
final class FlowValue implements TemplateDirectiveModel {
  static final String NAME = "stave_flow";

  @Override
  public void execute(Environment env, @SuppressWarnings("rawtypes") Map params, TemplateModel[] loopVars,
      TemplateDirectiveBody body) throws TemplateException, IOException {
    if (params.size() != 1 || !params.containsKey("value")) {
      throw new TemplateModelException(NAME + " takes one parameter, value");
    }
    write(env, env.getOut(), (TemplateModel) params.get("value"));
  }

  private static void write(Environment env, Writer out, TemplateModel x) throws TemplateException, IOException {
    if (x == null) {
      throw new TemplateModelException(NAME + ": a value is missing (null)");
    }
    if (x instanceof TemplateHashModelEx2 hash) {
      out.write('{');
      TemplateHashModelEx2.KeyValuePairIterator pairs = hash.keyValuePairIterator();
      boolean first = true;
      while (pairs.hasNext()) {
        TemplateHashModelEx2.KeyValuePair pair = pairs.next();
        if (!first) {
          out.write(", ");
        }
        first = false;
        string(out, pair.getKey());
        out.write(": ");
        write(env, out, pair.getValue());
      }
      out.write('}');
    } else if (x instanceof TemplateSequenceModel sequence) {
      out.write('[');
      for (int i = 0; i < sequence.size(); i++) {
        if (i > 0) {
          out.write(", ");
        }
        write(env, out, sequence.get(i));
      }
      out.write(']');
    } else if (x instanceof TemplateCollectionModel collection) {
      out.write('[');
      boolean first = true;
      for (TemplateModelIterator it = collection.iterator(); it.hasNext(); ) {
        if (!first) {
          out.write(", ");
        }
        first = false;
        write(env, out, it.next());
      }
      out.write(']');
    } else if (x instanceof TemplateBooleanModel bool) {
      out.write(bool.getAsBoolean() ? "true" : "false");
    } else if (x instanceof TemplateNumberModel number) {
      try {
        out.write(env.getCTemplateNumberFormat().formatToPlainText(number));
      } catch (TemplateValueFormatException e) {
        throw new TemplateModelException(NAME + ": " + e.getMessage(), e);
      }
    } else {
      string(out, x);
    }
  }

  private static void string(Writer out, TemplateModel x) throws TemplateException, IOException {
    if (!(x instanceof TemplateScalarModel scalar)) {
      throw new TemplateModelException(NAME + ": cannot write a " + x.getClass().getSimpleName());
    }
    YamlOutputFormat.INSTANCE.output(scalar.getAsString(), out);
  }
}
