package dev.stave.render;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** Shapes are read by reflection once per model class and then shared by every object checked. */
final class ModelShapes {
  private final ConcurrentMap<Class<?>, ModelShape> shapes = new ConcurrentHashMap<>();

  ModelShape of(Class<?> type) {
    return shapes.computeIfAbsent(type, ModelShape::of);
  }
}
