<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="area_textures" tilewidth="256" tileheight="256" tilecount="6" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" type="texture">
  <properties>
   <property name="terrain" value="parchment"/>
  </properties>
  <image width="256" height="256" source="../textures/parchment.png"/>
 </tile>
 <tile id="1" type="texture">
  <properties>
   <property name="terrain" value="land"/>
  </properties>
  <image width="256" height="256" source="../textures/land.png"/>
 </tile>
 <tile id="2" type="texture">
  <properties>
   <property name="terrain" value="sea"/>
  </properties>
  <image width="256" height="256" source="../textures/sea.png"/>
 </tile>
 <tile id="3" type="texture">
  <properties>
   <property name="terrain" value="desert"/>
  </properties>
  <image width="256" height="256" source="../textures/desert.png"/>
 </tile>
 <tile id="4" type="texture">
  <properties>
   <property name="terrain" value="wilderness"/>
  </properties>
  <image width="256" height="256" source="../textures/wilderness.png"/>
 </tile>
 <tile id="5" type="texture">
  <properties>
   <property name="terrain" value="hills"/>
  </properties>
  <image width="256" height="256" source="../textures/hills.png"/>
 </tile>
</tileset>
